import { accountSessionsResponseSchema, type AccountSession } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/auth/sessions`: the signed-in shopper's devices, newest first. */
export async function getSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  const { sessions } = await apiFetch('/api/auth/sessions', {
    signal,
    schema: accountSessionsResponseSchema,
  });
  return sessions;
}

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'sessions'] as const,
    queryFn: ({ signal }) => getSessions(signal),
  });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
