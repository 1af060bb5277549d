import { Link, useLocation, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AcceptInvitation } from '@/features/business-setup/components/accept-invitation';
import { currentPath, withReturnTo } from '@/lib/return-to';

/** `/business/invitations/accept?token=`: where a team invitation email leads. */
export default function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const here = currentPath(location);

  return (
    <PageContainer className="max-w-2xl">
      <PageHeader
        title="Join a business on ipick"
        description="Accept an invitation to help run a shop’s ipick account."
      />
      {isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <AcceptInvitation
          token={params.get('token') ?? ''}
          signedInEmail={user ? (user.email ?? '') : null}
          signInLinks={
            <div className="flex flex-wrap gap-2">
              <Link to={withReturnTo('/login', 'returnTo', here)} className={buttonVariants()}>
                Sign in to accept
              </Link>
            </div>
          }
          renderAccepted={(business) => (
            <>
              <p>
                You can now sign in to the business account of {business.name} with your email and
                password.
              </p>
              <Link
                to={withReturnTo('/business-login', 'returnTo', '/business/dashboard')}
                className={buttonVariants()}
              >
                Go to business sign in
              </Link>
            </>
          )}
        />
      )}
    </PageContainer>
  );
}
