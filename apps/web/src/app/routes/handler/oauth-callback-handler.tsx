import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  finishOAuthSignIn,
  OAUTH_CALLBACK_FAILED,
  oauthCallbackUrl,
} from '@/features/auth/api/identity-sign-in';
import { setSessionUser } from '@/features/auth/api/session-cache';
import { setSessionBusiness } from '@/features/business-auth/api/get-business-me';
import { rememberMfaAttempt } from '@/features/auth/utils/mfa-attempt';
import { ApiError } from '@/lib/api-client';
import { safeReturnTo } from '@/lib/return-to';
import { AFTER_SIGN_IN_PATH, handlerPath } from './handler-pages';

/**
 * /handler/oauth-callback?code=…&state=…: where a provider's sign-in comes back. Exchanges the
 * one-time code with this tab's PKCE verifier, then goes on, or to the two-factor step.
 */
export function OAuthCallbackHandler() {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code works once: StrictMode's second effect must not spend it again.
    if (started.current) return;
    started.current = true;
    finishOAuthSignIn(searchParams, oauthCallbackUrl(handlerPath('oauth-callback'))).then(
      (outcome) => {
        const returnTo = safeReturnTo(outcome.returnTo, AFTER_SIGN_IN_PATH);
        if (outcome.kind === 'mfa') {
          rememberMfaAttempt({
            attemptCode: outcome.attemptCode,
            returnTo,
            target: outcome.target,
          });
          setNext(handlerPath('mfa'));
        } else {
          if (outcome.adopted.target === 'shopper') {
            setSessionUser(queryClient, outcome.adopted.user);
          } else {
            setSessionBusiness(queryClient, outcome.adopted.business);
          }
          setNext(returnTo);
        }
      },
      (error: unknown) =>
        // A merchant sign-in of someone on no business's team says so; any other failure
        // gets spec §8's words.
        setFailed(
          error instanceof ApiError && error.code === 'forbidden'
            ? error.message
            : OAUTH_CALLBACK_FAILED,
        ),
    );
  }, [searchParams, queryClient]);

  if (next) return <Navigate to={next} replace />;

  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Finishing sign-in"
        description="Completes a sign-in that started at another provider."
      />
      {failed ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{failed}</AlertTitle>
          <AlertDescription className="mt-2">
            <Link to={handlerPath('sign-in')} className="font-medium underline underline-offset-4">
              Back to sign in
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
