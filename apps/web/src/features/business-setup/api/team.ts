import {
  acceptInvitationResponseSchema,
  invitationDetailsResponseSchema,
  teamInvitationResponseSchema,
  teamResponseSchema,
} from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/business/team`: members and open invitations. */
export function teamQueryOptions() {
  return queryOptions({
    queryKey: ['business-setup', 'team'] as const,
    queryFn: ({ signal }) => apiFetch('/api/business/team', { signal, schema: teamResponseSchema }),
  });
}

export function useTeam() {
  return useQuery(teamQueryOptions());
}

/**
 * The team, read for whether the signed-in merchant manages keys (owners and admins). A team
 * that failed to load is left to the team section's own retry rather than fetched again here.
 */
export function useKeyManagers() {
  return useQuery({ ...teamQueryOptions(), retryOnMount: false });
}

/** `POST /api/business/team/invitations`: emails the invitation. */
export function inviteTeamMember(email: string) {
  return apiFetch('/api/business/team/invitations', {
    method: 'POST',
    body: { email },
    schema: teamInvitationResponseSchema,
  });
}

/** `DELETE /api/business/team/invitations/:id` */
export async function revokeInvitation(id: string): Promise<void> {
  await apiFetch(`/api/business/team/invitations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

function useTeamMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }),
  });
}

/** `DELETE /api/business/team/members/:userId` (owners and admins). */
export async function removeTeamMember(userId: string): Promise<void> {
  await apiFetch(`/api/business/team/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

/** `PATCH /api/business/team/members/:userId` (owners): admin or member. */
export async function changeTeamRole(input: {
  userId: string;
  role: 'admin' | 'member';
}): Promise<void> {
  await apiFetch(`/api/business/team/members/${encodeURIComponent(input.userId)}`, {
    method: 'PATCH',
    body: { role: input.role },
  });
}

export const useRemoveTeamMember = () => useTeamMutation(removeTeamMember);
export const useChangeTeamRole = () => useTeamMutation(changeTeamRole);
export const useInviteTeamMember = () => useTeamMutation(inviteTeamMember);
export const useRevokeInvitation = () => useTeamMutation(revokeInvitation);

/** `GET /api/business/invitations/details?token=`: what an invitation link is for. */
export function invitationDetailsQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['business-setup', 'invitation', token] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/invitations/details?token=${encodeURIComponent(token)}`, {
        signal,
        schema: invitationDetailsResponseSchema,
      }),
    retry: false,
  });
}

export function useInvitationDetails(token: string, enabled = true) {
  return useQuery({ ...invitationDetailsQueryOptions(token), enabled });
}

/** `POST /api/business/invitations/accept`: by the signed-in user with the invited email. */
export function acceptInvitation(token: string) {
  return apiFetch('/api/business/invitations/accept', {
    method: 'POST',
    body: { token },
    schema: acceptInvitationResponseSchema,
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
