import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { lazySchema } from '@/lib/api-client';
import { identityCall } from '@/lib/identity-api';
import type * as Schemas from './team-invitation-schemas';

export type TeamInvitationDetails = z.infer<typeof Schemas.detailsSchema>;

const schemas = () => import('./team-invitation-schemas');
const detailsSchema = lazySchema(() => schemas().then((module) => module.detailsSchema));
const teamSchema = lazySchema(() => schemas().then((module) => module.teamSchema));
const acceptedSchema = lazySchema(() => schemas().then((module) => module.acceptedSchema));

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

/**
 * `POST /api/v1/team-invitations/accept` as the signed-in user, then the team they joined
 * (its read-only metadata says whether it is a business's staff).
 */
export function useAcceptTeamInvitation() {
  return useMutation({
    mutationFn: async ({ code, teamId }: { code: string; teamId: string }) => {
      await identityCall('POST', '/team-invitations/accept', { code }, acceptedSchema);
      const path = `/teams/${encodeURIComponent(teamId)}`;
      return identityCall('GET', path, undefined, teamSchema);
    },
  });
}
