import { journeyResponseSchema } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/business/journeys?orderId=`: one order's steps in time order, with its credit. */
export function journeyQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['business', 'journeys', 'order', orderId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/journeys?orderId=${encodeURIComponent(orderId)}`, {
        signal,
        schema: journeyResponseSchema,
      }),
  });
}

export function useJourney(orderId: string) {
  return useQuery(journeyQueryOptions(orderId));
}
