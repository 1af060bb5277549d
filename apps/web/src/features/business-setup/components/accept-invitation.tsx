import type { Business } from '@ipick/contracts';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useAcceptInvitation, useInvitationDetails } from '../api/team';

interface AcceptInvitationProps {
  token: string;
  /** The email of whoever is signed in to ipick here, or null. */
  signedInEmail: string | null;
  /** Links to sign in or create an account, coming back here (rendered when nobody is signed in). */
  signInLinks: ReactNode;
  /** What to offer once accepted, e.g. the business sign-in. */
  renderAccepted: (business: Business) => ReactNode;
}

/** Shows what an invitation link is for and lets the invited, signed-in user accept it. */
export function AcceptInvitation({
  token,
  signedInEmail,
  signInLinks,
  renderAccepted,
}: AcceptInvitationProps) {
  const details = useInvitationDetails(token, token !== '');
  const accept = useAcceptInvitation();

  if (token === '') {
    return (
      <ErrorState
        title="This invitation link is incomplete"
        message="Open the link from the invitation email again, or ask the shop owner to send a new one."
      />
    );
  }
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
      <ErrorState
        title="This invitation cannot be used"
        message={toErrorMessage(details.error, 'The invitation could not be loaded.')}
        onRetry={() => void details.refetch()}
        isRetrying={details.isFetching}
      />
    );
  }
  if (accept.isSuccess) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden="true" />
        <AlertTitle>You joined {accept.data.business.name}</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-3">
          {renderAccepted(accept.data.business)}
        </AlertDescription>
      </Alert>
    );
  }

  const invitation = details.data;
  const isRightUser = signedInEmail?.toLowerCase() === invitation.email;
  return (
    <div className="flex flex-col gap-4">
      <p>
        You are invited to join <strong>{invitation.businessName}</strong> (
        <span className="font-mono">{invitation.businessDomain}</span>) on ipick as{' '}
        <strong>{invitation.email}</strong>.
      </p>
      {signedInEmail === null ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            Sign in with {invitation.email}, or create an account with it, then come back to this
            page.
          </p>
          {signInLinks}
        </div>
      ) : isRightUser ? (
        <div className="flex flex-col items-start gap-3">
          {accept.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {toErrorMessage(accept.error, 'The invitation could not be accepted.')}
            </p>
          ) : null}
          <Button onClick={() => accept.mutate(token)} disabled={accept.isPending}>
            {accept.isPending ? 'Joining…' : 'Accept invitation'}
          </Button>
        </div>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          You are signed in as {signedInEmail}, but this invitation is for {invitation.email}. Sign
          out and sign in with that address to accept it.
        </p>
      )}
    </div>
  );
}
