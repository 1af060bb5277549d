import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { identityCall } from '@/lib/identity-api';

const detailsSchema = z.object({ team_id: z.string(), team_display_name: z.string() });
export type TeamInvitationDetails = z.infer<typeof detailsSchema>;

/** `POST /api/v1/team-invitations/accept/details`: the team a code invites to (no user needed). */
export function useTeamInvitationDetails(code: string | null) {
  return useQuery({
    queryKey: ['team-invitation', code] as const,
    queryFn: () =>
      identityCall('POST', '/team-invitations/accept/details', { code }, detailsSchema),
    enabled: code !== null,
    retry: false,
  });
}

const teamSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  client_read_only_metadata: z.unknown().optional(),
});

/**
 * `POST /api/v1/team-invitations/accept` as the signed-in user, then the team they joined
 * (its read-only metadata says whether it is a business's staff).
 */
export function useAcceptTeamInvitation() {
  return useMutation({
    mutationFn: async ({ code, teamId }: { code: string; teamId: string }) => {
      await identityCall('POST', '/team-invitations/accept', { code }, z.object({}).loose());
      const path = `/teams/${encodeURIComponent(teamId)}`;
      return identityCall('GET', path, undefined, teamSchema);
    },
  });
}
