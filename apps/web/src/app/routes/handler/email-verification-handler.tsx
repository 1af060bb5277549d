import { CircleAlert, CircleCheck, MailQuestion } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { toErrorMessage } from '@/lib/error-message';
import { handlerPath, HOME_PATH } from './handler-pages';
import { useCodeOnce } from './use-code-once';

/** /handler/email-verification?code=…: confirms the address from the verification email. */
export function EmailVerificationHandler() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') || null;
  const { mutate: verify, isSuccess, isError, error } = useVerifyEmail();
  const { user } = useAuth();
  useCodeOnce(code, (value) => verify({ code: value }));

  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Verify your email"
        description="Confirm the email address of your account with the link we sent you."
      />
      {!code ? (
        <EmptyState
          icon={<MailQuestion />}
          title="Open the link from your verification email"
          description="The link in the email carries the code this page needs."
          actions={
            <Link to={HOME_PATH} className={buttonVariants({ variant: 'outline' })}>
              Go to the home page
            </Link>
          }
        />
      ) : isSuccess ? (
        <Alert role="status">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>Your email address is verified.</AlertTitle>
          <AlertDescription className="mt-2">
            <Link to={HOME_PATH} className={buttonVariants({ size: 'sm' })}>
              Go to the home page
            </Link>
          </AlertDescription>
        </Alert>
      ) : isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>
            {toErrorMessage(error, 'This verification link could not be used.')}
          </AlertTitle>
          <AlertDescription className="mt-2">
            {user ? (
              <Link
                to={handlerPath('account-settings')}
                className="font-medium underline underline-offset-4"
              >
                Send a new verification email from your account settings
              </Link>
            ) : (
              <Link
                to={handlerPath('sign-in')}
                className="font-medium underline underline-offset-4"
              >
                Sign in to ask for a new verification email
              </Link>
            )}
          </AlertDescription>
        </Alert>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Checking your link…
        </p>
      )}
    </PageContainer>
  );
}
