import { CircleAlert, CircleCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAcceptTeamInvitation, useTeamInvitationDetails } from '../api/team-invitation';
import { invitationErrorMessage } from '../utils/invitation-errors';

interface TeamInvitationProps {
  code: string;
  /** Whether someone is signed in to ipick here. */
  signedIn: boolean;
  /** Links to sign in or sign up that come back here (shown when nobody is signed in). */
  signInLinks: ReactNode;
  /** Where a new member of a business's team signs in to its dashboard. */
  businessDashboardPath: string;
  /** Where anyone else who joined goes next. */
  accountPath: string;
}

/** The team an invitation is for, and accepting it as the signed-in user. */
export function TeamInvitation({
  code,
  signedIn,
  signInLinks,
  businessDashboardPath,
  accountPath,
}: TeamInvitationProps) {
  const details = useTeamInvitationDetails(code);
  const accept = useAcceptTeamInvitation();

  if (details.isPending) {
    return (
      <div role="status" aria-label="Loading the invitation" className="flex flex-col gap-2">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-10 w-40" />
      </div>
    );
  }
  if (details.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>This invitation cannot be used</AlertTitle>
        <AlertDescription>
          {invitationErrorMessage(details.error, 'The invitation could not be loaded.')}
        </AlertDescription>
      </Alert>
    );
  }
  const teamName = details.data.team_display_name;
  if (accept.isSuccess) {
    const isBusiness = isBusinessTeam(accept.data.client_read_only_metadata);
    return (
      <Alert role="status">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>You joined {teamName}</AlertTitle>
        <AlertDescription className="mt-2 flex flex-col items-start gap-3">
          {isBusiness ? (
            <>
              <p>Sign in to the business account with your email and password to see it.</p>
              <Link to={businessDashboardPath} className={buttonVariants({ size: 'sm' })}>
                Open the business dashboard
              </Link>
            </>
          ) : (
            <Link to={accountPath} className={buttonVariants({ size: 'sm' })}>
              See your teams
            </Link>
          )}
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2">
        <Users aria-hidden="true" className="size-5 text-muted-foreground" />
        <span>
          You are invited to join <strong>{teamName}</strong> on ipick.
        </span>
      </p>
      {signedIn ? (
        <div className="flex flex-col items-start gap-3">
          {accept.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {invitationErrorMessage(accept.error, 'The invitation could not be accepted.')}
            </p>
          ) : null}
          <Button
            onClick={() => accept.mutate({ code, teamId: details.data.team_id })}
            disabled={accept.isPending}
          >
            {accept.isPending ? 'Joining…' : `Join ${teamName}`}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            Sign in with the email address the invitation was sent to, or create an account with it,
            and you come back here to accept.
          </p>
          {signInLinks}
        </div>
      )}
    </div>
  );
}

function isBusinessTeam(metadata: unknown): boolean {
  return typeof metadata === 'object' && metadata !== null && 'ipick_business' in metadata;
}
