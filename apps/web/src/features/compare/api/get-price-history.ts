import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// The results page renders before the validation library is downloaded: it loads with the call.
const priceHistorySchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.priceHistorySchema),
);

/** `GET /api/offers/:offerId/price-history`: the prices ipick saw an offer at, oldest first. */
export function priceHistoryQueryOptions(offerId: string) {
  return queryOptions({
    queryKey: ['price-history', offerId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/offers/${encodeURIComponent(offerId)}/price-history`, {
        signal,
        schema: priceHistorySchema,
      }),
    // Prices move a few times a day at most.
    staleTime: 5 * 60 * 1000,
  });
}

/** Asks only once the shopper opens the offer's history. */
export function usePriceHistory(offerId: string, enabled: boolean) {
  return useQuery({ ...priceHistoryQueryOptions(offerId), enabled });
}
