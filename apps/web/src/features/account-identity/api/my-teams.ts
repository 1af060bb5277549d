import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazySchema } from '@/lib/api-client';
import { identityCall } from '@/lib/identity-api';
import type { z } from 'zod';
import type * as Schemas from './account-schemas';

export type MyTeam = z.infer<typeof Schemas.teamSchema>;

// Loaded with the first call (see account-schemas.ts).
const schemas = () => import('./account-schemas');
const teamsSchema = lazySchema(() => schemas().then((module) => module.teamListSchema));
const anything = lazySchema(() => schemas().then((module) => module.anything));

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
        anything,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamsKey }),
  });
}
