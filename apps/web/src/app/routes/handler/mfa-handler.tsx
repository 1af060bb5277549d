import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldQuestion } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/text-field';
import { completeMfaSignIn, IdentitySignInError } from '@/features/auth/api/identity-sign-in';
import { setSessionUser } from '@/features/auth/api/session-cache';
import { forgetMfaAttempt, readMfaAttempt } from '@/features/auth/utils/mfa-attempt';
import { toErrorMessage } from '@/lib/error-message';
import { safeReturnTo } from '@/lib/return-to';
import { AFTER_SIGN_IN_PATH, handlerPath } from './handler-pages';

/** The words spec §8 gives a wrong two-factor code at sign-in. */
const INVALID_TOTP = 'Invalid TOTP code. Please try signing in again.';

/** /handler/mfa: the code from the authenticator app finishes a sign-in that asked for it. */
export function MfaHandler() {
  const [attempt] = useState(readMfaAttempt);
  const [totp, setTotp] = useState('');
  const queryClient = useQueryClient();
  const submit = useMutation({
    mutationFn: (code: string) => completeMfaSignIn(attempt!.attemptCode, code),
    onSuccess: ({ user }) => {
      forgetMfaAttempt();
      setSessionUser(queryClient, user);
    },
  });

  if (submit.isSuccess) {
    return <Navigate to={safeReturnTo(attempt?.returnTo ?? null, AFTER_SIGN_IN_PATH)} replace />;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(totp.trim());
  };
  const error = submit.error;
  const message =
    error instanceof IdentitySignInError && error.code === 'INVALID_TOTP_CODE'
      ? INVALID_TOTP
      : error
        ? toErrorMessage(error, 'That code did not work. Please try signing in again.')
        : null;

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
            <form className="flex flex-col gap-4" onSubmit={onSubmit}>
              <TextField
                label="Code from your authenticator app"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={totp}
                onChange={(event) => setTotp(event.target.value)}
              />
              {message && (
                <Alert variant="destructive" role="alert">
                  <AlertDescription>{message}</AlertDescription>
                </Alert>
              )}
              <Button type="submit" disabled={submit.isPending}>
                Verify and sign in
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </PageContainer>
  );
}
