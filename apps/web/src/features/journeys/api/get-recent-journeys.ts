import { recentJourneysResponseSchema } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/business/journeys/recent`: the latest orders, `query` part of an order id. */
export function recentJourneysQueryOptions({ query, page }: { query: string; page: number }) {
  const search = new URLSearchParams({ page: String(page) });
  if (query) search.set('query', query);
  return queryOptions({
    queryKey: ['business', 'journeys', 'recent', { query, page }] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/journeys/recent?${search.toString()}`, {
        signal,
        schema: recentJourneysResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRecentJourneys(params: { query: string; page: number }) {
  return useQuery(recentJourneysQueryOptions(params));
}
