import { useQueryClient } from '@tanstack/react-query';
import { ShieldQuestion } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { MfaCodeForm } from '@/features/auth/components/mfa-code-form';
import { setSessionBusiness } from '@/features/business-auth/api/get-business-me';
import { forgetMfaAttempt, readMfaAttempt } from '@/features/auth/utils/mfa-attempt';
import { safeReturnTo } from '@/lib/return-to';
import { AFTER_SIGN_IN_PATH, handlerPath } from './handler-pages';

/** /handler/mfa: the code from the authenticator app finishes a sign-in that asked for it. */
export function MfaHandler() {
  const [attempt] = useState(readMfaAttempt);
  const [isDone, setDone] = useState(false);
  const queryClient = useQueryClient();

  if (isDone) {
    return <Navigate to={safeReturnTo(attempt?.returnTo ?? null, AFTER_SIGN_IN_PATH)} replace />;
  }

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Two-step verification"
        description="Enter the code from your authenticator app to finish signing in."
      />
      {!attempt ? (
        <EmptyState
          icon={<ShieldQuestion />}
          title="This step follows a sign-in"
          description="Accounts with two-step verification are sent here after their first step is accepted."
          actions={
            <Link to={handlerPath('sign-in')} className={buttonVariants({ variant: 'outline' })}>
              Go to sign in
            </Link>
          }
        />
      ) : (
        <Card>
          <CardContent>
            <MfaCodeForm
              attemptCode={attempt.attemptCode}
              target={attempt.target}
              onSignedIn={(adopted) => {
                forgetMfaAttempt();
                if (adopted.target === 'business') {
                  setSessionBusiness(queryClient, adopted.business);
                }
                setDone(true);
              }}
            />
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}
