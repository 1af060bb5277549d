import type { Business } from '@ipick/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Asked at start by every page with the merchant bar: its schema loads with the call.
const businessMeResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.businessMeResponseSchema),
);

/** `GET /api/business/auth/me`: the signed-in merchant, or `{ business: null }` (200 either way). */
export function getBusinessMe(signal?: AbortSignal): Promise<{ business: Business | null }> {
  return apiFetch('/api/business/auth/me', { signal, schema: businessMeResponseSchema });
}

export function businessMeQueryOptions() {
  return queryOptions({
    queryKey: ['business-auth', 'me'] as const,
    queryFn: ({ signal }) => getBusinessMe(signal),
    // A failed check means signed out (spec §4). Without this, every component that mounts
    // would check again, show the loading state meanwhile, and could remount forever.
    retryOnMount: false,
  });
}

export function useBusinessMe() {
  return useQuery(businessMeQueryOptions());
}

/** Records which merchant is signed in (null: none); an older `/me` answer in flight is dropped. */
export function setSessionBusiness(queryClient: QueryClient, business: Business | null): void {
  void queryClient.cancelQueries({ queryKey: businessMeQueryOptions().queryKey });
  queryClient.setQueryData(businessMeQueryOptions().queryKey, { business });
}
