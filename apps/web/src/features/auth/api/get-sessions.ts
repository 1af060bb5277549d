import type { AccountSession } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Part of every page's code (the header's account controls): the schema loads with the call.
const accountSessionsResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.accountSessionsResponseSchema),
);

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
