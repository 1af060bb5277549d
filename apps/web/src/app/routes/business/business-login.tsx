import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import type { Adopted } from '@/features/auth/api/identity-sign-in';
import { MfaCodeForm } from '@/features/auth/components/mfa-code-form';
import { OtherSignInMethods } from '@/features/auth/components/other-sign-in-methods';
import { setSessionBusiness } from '@/features/business-auth/api/get-business-me';
import { BusinessLoginForm } from '@/features/business-auth/components/business-login-form';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import { safeReturnTo } from '@/lib/return-to';
import { PageSkeleton } from '../../page-skeleton';
import { handlerPath } from '../handler/handler-pages';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** `/business-login?returnTo=/business/...`: merchant sign-in, then the dashboard or `returnTo`. */
export default function BusinessLoginPage() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'), '/business/dashboard');
  const { business, isLoading } = useBusinessAuth();
  const queryClient = useQueryClient();
  // A password or passkey sign-in of an account with two-factor asks for the code here.
  const [attemptCode, setAttemptCode] = useState<string | null>(null);
  const signedIn = (adopted: Adopted) => {
    if (adopted.target === 'business') setSessionBusiness(queryClient, adopted.business);
  };

  if (isLoading) return <PageSkeleton />;
  if (business) return <Navigate to={returnTo} replace />;

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Business sign in"
        description="Sign in to your merchant dashboard to see the shoppers ipick sends to your shop."
      />
      <Card>
        <CardContent className="flex flex-col gap-4">
          {attemptCode ? (
            <>
              <p className="text-sm">Enter the code from your authenticator app to finish.</p>
              <MfaCodeForm attemptCode={attemptCode} target="business" onSignedIn={signedIn} />
              <Button
                variant="link"
                className="self-start px-0"
                onClick={() => setAttemptCode(null)}
              >
                Back to sign in
              </Button>
            </>
          ) : (
            <>
              <OtherSignInMethods
                target="business"
                returnTo={returnTo}
                oauthCallbackPath={handlerPath('oauth-callback')}
                mfaPath={handlerPath('mfa')}
                onMfaRequired={setAttemptCode}
                onSignedIn={signedIn}
              />
              <BusinessLoginForm onMfaRequired={setAttemptCode} />
            </>
          )}
        </CardContent>
      </Card>
      <div className="mt-6 flex flex-col gap-2 text-sm text-muted-foreground">
        <p>
          New to ipick for business?{' '}
          <Link to="/business/register" className={linkClass}>
            Register your business
          </Link>
        </p>
        <p>
          Business accounts are separate from shopper accounts. Shopping?{' '}
          <Link to="/login" className={linkClass}>
            Shopper sign in
          </Link>
        </p>
      </div>
    </PageContainer>
  );
}
