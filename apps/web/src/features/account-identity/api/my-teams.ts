import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { identityCall } from '@/lib/identity-api';

const teamsSchema = z.object({
  items: z.array(z.object({ id: z.string(), display_name: z.string() })),
});

/** `GET /api/v1/teams?user_id=me`: the teams the signed-in user belongs to. */
export function useMyTeams() {
  return useQuery({
    queryKey: ['account', 'teams'] as const,
    queryFn: async () =>
      (await identityCall('GET', '/teams?user_id=me', undefined, teamsSchema)).items,
  });
}
