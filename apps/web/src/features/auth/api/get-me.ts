import type { MeResponse } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Every page asks who is signed in at start: its schema loads with the call, not the page.
const meResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.meResponseSchema),
);

/** `GET /api/auth/me`: the signed-in shopper, or `{ user: null }` (200 either way). */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiFetch('/api/auth/me', { signal, schema: meResponseSchema });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: ({ signal }) => getMe(signal),
    // A failed check means signed out (spec §4). Without this, every component that mounts
    // would check again, show the loading state meanwhile, and could remount forever.
    retryOnMount: false,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
