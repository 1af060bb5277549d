import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { identityCall } from '@/lib/identity-api';

const teamSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  // ipick marks a business's staff team so pages can tell it from teams apps make.
  client_read_only_metadata: z.unknown().optional(),
});
export type MyTeam = z.infer<typeof teamSchema>;
const teamsSchema = z.object({ items: z.array(teamSchema) });

const teamsKey = ['account', 'teams'] as const;

/** `GET /api/v1/teams?user_id=me`: the teams the signed-in user belongs to. */
export function useMyTeams() {
  return useQuery({
    queryKey: teamsKey,
    queryFn: async () =>
      (await identityCall('GET', '/teams?user_id=me', undefined, teamsSchema)).items,
  });
}

/** Whether the team is an ipick business's staff (whose owner cannot leave it). */
export function isBusinessTeam(team: MyTeam): boolean {
  const metadata = team.client_read_only_metadata;
  return typeof metadata === 'object' && metadata !== null && 'ipick_business' in metadata;
}

/** `DELETE /api/v1/team-memberships/{teamId}/me`: the user leaves the team. */
export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) =>
      identityCall(
        'DELETE',
        `/team-memberships/${encodeURIComponent(teamId)}/me`,
        undefined,
        z.unknown(),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamsKey }),
  });
}
