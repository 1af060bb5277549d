import type { AccountSession } from '@ipick/contracts';
import { FormAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions, useRevokeSession } from '../api/revoke-session';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : 'never';
}

/** The devices signed in to this account, with sign-out for each other device or all of them. */
export function SessionsList() {
  const sessions = useSessions();
  const revokeSession = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  if (sessions.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span className="sr-only">Loading sessions…</span>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <FormAlert message={toErrorMessage(sessions.error, 'Your sessions could not be loaded.')} />
    );
  }

  const list = sessions.data;
  const hasOthers = list.some((session) => !session.isCurrent);
  const failure = revokeSession.error ?? revokeOthers.error;

  return (
    <div className="flex flex-col gap-4">
      <FormAlert
        message={
          failure ? toErrorMessage(failure, 'The device could not be signed out.') : undefined
        }
      />
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {list.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            isSigningOut={revokeSession.isPending && revokeSession.variables === session.id}
            onSignOut={() => revokeSession.mutate(session.id)}
          />
        ))}
      </ul>
      <Button
        variant="outline"
        className="self-start"
        disabled={!hasOthers || revokeOthers.isPending}
        onClick={() => revokeOthers.mutate(list)}
      >
        {revokeOthers.isPending ? 'Signing out…' : 'Sign out of all other devices'}
      </Button>
    </div>
  );
}

interface SessionRowProps {
  session: AccountSession;
  isSigningOut: boolean;
  onSignOut: () => void;
}

function SessionRow({ session, isSigningOut, onSignOut }: SessionRowProps) {
  const place = session.lastUsedIp ?? 'an unknown address';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="flex flex-col gap-0.5">
        <p className="flex items-center gap-2 font-medium">
          {session.isCurrent ? 'This device' : `Device at ${place}`}
          {session.isCurrent ? <Badge variant="success">Current</Badge> : null}
        </p>
        <p className="text-muted-foreground">
          Signed in {formatTime(session.createdAt)} · last used {formatTime(session.lastUsedAt)}
          {session.isCurrent && session.lastUsedIp ? ` from ${session.lastUsedIp}` : ''}
        </p>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={isSigningOut}
          aria-label={`Sign out the device at ${place}, signed in ${formatTime(session.createdAt)}`}
          onClick={onSignOut}
        >
          {isSigningOut ? 'Signing out…' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
