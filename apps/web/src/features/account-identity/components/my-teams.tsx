import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useMyTeams } from '../api/my-teams';

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
        <li key={team.id} className="rounded-md border border-border p-3 text-sm font-medium">
          {team.display_name}
        </li>
      ))}
    </ul>
  );
}
