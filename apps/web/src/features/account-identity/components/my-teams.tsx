import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { isBusinessTeam, useLeaveTeam, useMyTeams, type MyTeam } from '../api/my-teams';

function TeamRow({ team }: { team: MyTeam }) {
  const leave = useLeaveTeam();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3">
      <span className="text-sm font-medium break-all">{team.display_name}</span>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Leave ${team.display_name}`}>
            Leave team
          </Button>
        }
        title={`Leave ${team.display_name}?`}
        description={
          isBusinessTeam(team)
            ? "You lose access to this business's dashboard; only an invitation brings you back. A business's owner cannot leave its team."
            : 'Only an invitation brings you back.'
        }
        confirmLabel="Leave team"
        pendingLabel="Leaving…"
        isDestructive
        fallbackError="You could not leave the team."
        onConfirm={async () => {
          await leave.mutateAsync(team.id);
          toast.success(`You left ${team.display_name}`);
        }}
      />
    </li>
  );
}

/** The teams the user belongs to (a shop's staff, or teams an app made for them). */
export function MyTeams() {
  const teams = useMyTeams();
  if (teams.isPending) return <Skeleton className="h-10 w-full" />;
  if (teams.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {toErrorMessage(teams.error, 'Your teams could not be loaded.')}
      </p>
    );
  }
  if (teams.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        You are in no team. An invitation email lets you join one.
      </p>
    );
  }
  return (
    <ul aria-label="Your teams" className="flex flex-col gap-2">
      {teams.data.map((team) => (
        <TeamRow key={team.id} team={team} />
      ))}
    </ul>
  );
}
