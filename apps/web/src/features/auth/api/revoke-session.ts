import { successResponseSchema, type AccountSession } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** `DELETE /api/auth/sessions/:id`: signs one of the shopper's other devices out. */
export async function revokeSession(sessionId: string): Promise<void> {
  await apiFetch(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    schema: successResponseSchema,
  });
}

/** Signs out every session but this one, one call each (the API has no bulk call). */
export async function revokeOtherSessions(sessions: readonly AccountSession[]): Promise<void> {
  for (const session of sessions) {
    if (!session.isCurrent) await revokeSession(session.id);
  }
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
