import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { MagicLinkForm } from '@/features/auth/components/magic-link-form';
import { OtherSignInMethods } from '@/features/auth/components/other-sign-in-methods';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PageSkeleton } from '../../page-skeleton';
import { handlerPath } from '../handler/handler-pages';

interface SignInViewProps {
  /** A checked, site-relative path to open after signing in (or at once when already signed in). */
  returnTo: string;
  signUpHref: string;
  forgotPasswordHref: string;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** The sign-in page of /login and /handler/sign-in: OAuth providers, a passkey, password or emailed link. */
export function SignInView({ returnTo, signUpHref, forgotPasswordHref }: SignInViewProps) {
  const { user, isLoading } = useAuth();
  const [method, setMethod] = useState<'password' | 'email-link'>('password');

  if (isLoading) return <PageSkeleton />;
  // Also how a successful sign-in leaves this page: the user appears and this redirects.
  if (user) return <Navigate to={returnTo} replace />;

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Sign in"
        description="Sign in to keep your search history and favorites across visits."
      />
      <Card>
        <CardContent className="flex flex-col gap-4">
          <OtherSignInMethods
            returnTo={returnTo}
            oauthCallbackPath={handlerPath('oauth-callback')}
            mfaPath={handlerPath('mfa')}
          />
          {method === 'password' ? (
            <SignInForm mfa={{ path: handlerPath('mfa'), returnTo }} />
          ) : (
            <MagicLinkForm />
          )}
          <Button
            variant="link"
            className="self-start px-0"
            onClick={() => setMethod(method === 'password' ? 'email-link' : 'password')}
          >
            {method === 'password' ? 'Email me a sign-in link instead' : 'Use my password instead'}
          </Button>
        </CardContent>
      </Card>
      <div className="mt-6 flex flex-col gap-2 text-sm text-muted-foreground">
        <p>
          New to ipick?{' '}
          <Link to={signUpHref} className={linkClass}>
            Create an account
          </Link>
        </p>
        <p>
          <Link to={forgotPasswordHref} className={linkClass}>
            Forgot password?
          </Link>
        </p>
        <p>
          Signing in for a shop?{' '}
          <Link to="/business-login" className={linkClass}>
            Business sign in
          </Link>
        </p>
      </div>
    </PageContainer>
  );
}
