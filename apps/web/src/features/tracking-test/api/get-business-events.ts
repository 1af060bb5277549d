import { businessEventsResponseSchema, type BusinessEvent } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export type { BusinessEvent };

/** How often the live list asks again, in milliseconds. */
export const EVENTS_POLL_INTERVAL_MS = 2000;
export const EVENTS_LIMIT = 50;

/** `GET /api/business/events?limit=50`: the signed-in business's latest events, newest first. */
export function businessEventsQueryOptions(limit = EVENTS_LIMIT) {
  return queryOptions({
    queryKey: ['tracking-test', 'business-events', limit] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/events?limit=${String(limit)}`, {
        signal,
        schema: businessEventsResponseSchema,
      }),
    refetchInterval: EVENTS_POLL_INTERVAL_MS,
  });
}

/** The live list: polled every two seconds while `enabled` (a business is signed in). */
export function useBusinessEvents(enabled = true) {
  return useQuery({ ...businessEventsQueryOptions(), enabled });
}
