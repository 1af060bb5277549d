import { CircleAlert, MailQuestion } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useMagicLinkSignIn } from '@/features/auth/api/magic-link-sign-in';
import { toErrorMessage } from '@/lib/error-message';
import { AFTER_SIGN_IN_PATH, handlerPath, readReturnTo } from './handler-pages';
import { useCodeOnce } from './use-code-once';

/** /handler/magic-link-callback?code=…: signs in with the emailed link, then goes on. */
export function MagicLinkCallbackHandler() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') || null;
  const returnTo = readReturnTo(searchParams);
  const { mutate: signIn, isSuccess, isError, error } = useMagicLinkSignIn();
  useCodeOnce(code, (value) => signIn({ code: value }));

  if (isSuccess) return <Navigate to={returnTo ?? AFTER_SIGN_IN_PATH} replace />;

  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Checking your sign-in link"
        description="Signs you in with the one-time link from your email."
      />
      {!code ? (
        <EmptyState
          icon={<MailQuestion />}
          title="Open the link from your sign-in email"
          description="The link in the email carries the one-time code this page needs."
          actions={
            <Link to={handlerPath('sign-in')} className={buttonVariants({ variant: 'outline' })}>
              Go to sign in
            </Link>
          }
        />
      ) : isError ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{toErrorMessage(error, 'Login failed')}</AlertTitle>
          <AlertDescription className="mt-2">
            <Link to={handlerPath('sign-in')} className="font-medium underline underline-offset-4">
              Sign in again or ask for a new link
            </Link>
          </AlertDescription>
        </Alert>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Signing you in…
        </p>
      )}
    </PageContainer>
  );
}
