import { MailQuestion } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { TeamInvitation } from '@/features/team-invitations/components/team-invitation';
import { currentPath, withReturnTo } from '@/lib/return-to';
import { handlerPath, handlerPathWithReturn, HOME_PATH } from './handler-pages';

/** /handler/team-invitation?code=…: where a team invitation email leads (spec §2). */
export function TeamInvitationHandler() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const code = searchParams.get('code') || null;
  const { user, isLoading } = useAuth();
  const here = currentPath(location);

  return (
    <PageContainer className="max-w-xl">
      <PageHeader title="Team invitation" description="Accept an invitation to join a team." />
      {!code ? (
        <EmptyState
          icon={<MailQuestion />}
          title="Open the link from your invitation email"
          description="The link in the email carries the invitation code this page needs."
          actions={
            <Link to={HOME_PATH} className={buttonVariants({ variant: 'outline' })}>
              Go to the home page
            </Link>
          }
        />
      ) : isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <TeamInvitation
          code={code}
          signedIn={user !== null}
          businessDashboardPath={withReturnTo('/business-login', 'returnTo', '/business/dashboard')}
          accountPath={handlerPath('account-settings')}
          signInLinks={
            <div className="flex flex-wrap gap-2">
              <Link to={handlerPathWithReturn('sign-in', here)} className={buttonVariants()}>
                Sign in to accept
              </Link>
              <Link
                to={handlerPathWithReturn('sign-up', here)}
                className={buttonVariants({ variant: 'outline' })}
              >
                Create an account
              </Link>
            </div>
          }
        />
      )}
    </PageContainer>
  );
}
