import { CircleAlert, CircleCheck, Terminal } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useConfirmCliLogin } from '@/features/auth/api/confirm-cli-login';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { toErrorMessage } from '@/lib/error-message';
import { PageSkeleton } from '../../page-skeleton';
import { handlerPathWithReturn, HOME_PATH } from './handler-pages';

/**
 * /handler/cli-auth-confirm?login_code=…: a command-line tool asks to sign in as the person
 * here. Signed in, they approve it with one button; signed out, they sign in first and come back.
 */
export function CliAuthConfirmHandler() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const loginCode = searchParams.get('login_code') || null;
  const { user, isLoading } = useAuth();
  const confirm = useConfirmCliLogin();

  if (isLoading) return <PageSkeleton />;

  const header = (
    <PageHeader
      title="Confirm command-line sign-in"
      description="Approve a sign-in request from a command-line tool."
    />
  );

  if (!loginCode) {
    return (
      <PageContainer className="max-w-xl">
        {header}
        <EmptyState
          icon={<Terminal />}
          title="Open the address your command-line tool printed"
          description="That address carries the login code this page needs."
          actions={
            <Link to={HOME_PATH} className={buttonVariants({ variant: 'outline' })}>
              Go to the home page
            </Link>
          }
        />
      </PageContainer>
    );
  }

  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return (
      <PageContainer className="max-w-xl">
        {header}
        <EmptyState
          icon={<Terminal />}
          title="Sign in to approve the command-line tool"
          description="The tool will be signed in as the account you sign in with."
          actions={
            <Link to={handlerPathWithReturn('sign-in', here)} className={buttonVariants()}>
              Sign in to continue
            </Link>
          }
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-xl">
      {header}
      {confirm.isSuccess ? (
        <Alert role="status">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>The command-line tool is signed in</AlertTitle>
          <AlertDescription>You can go back to your terminal.</AlertDescription>
        </Alert>
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-4">
            <p>
              A command-line tool asks to sign in to ipick as <strong>{user.email}</strong>. Approve
              only if you started it yourself.
            </p>
            {confirm.isError && (
              <Alert variant="destructive" role="alert">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>
                  {toErrorMessage(confirm.error, 'The approval did not go through.')}
                </AlertDescription>
              </Alert>
            )}
            <Button disabled={confirm.isPending} onClick={() => confirm.mutate(loginCode)}>
              Approve sign-in
            </Button>
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}
