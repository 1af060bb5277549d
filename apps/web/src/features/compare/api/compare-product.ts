import type { CompareResponse } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';
import { takePageData } from '@/lib/page-data';

// The results page renders before the validation library is downloaded: it loads with the call.
const compareResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.compareResponseSchema),
);

/** `POST /api/compare`: compares the product of a pasted link under the page's request id. */
export function compareProduct(
  { url, requestId }: { url: string; requestId: string },
  signal?: AbortSignal,
): Promise<CompareResponse> {
  return apiFetch('/api/compare', {
    method: 'POST',
    body: { url, requestId },
    signal,
    schema: compareResponseSchema,
  });
}

/**
 * The comparison is a query (not a mutation) so that it starts as the page opens, is asked for
 * once however often the page renders, and "Try again" is a plain refetch.
 */
export function compareProductQueryOptions(requestId: string, url: string) {
  return queryOptions({
    queryKey: ['compare', requestId, 'run', url] as const,
    queryFn: ({ signal }) => compareProduct({ url, requestId }, signal),
    staleTime: Infinity,
  });
}

/**
 * The page data key of the comparison the server ran for a product link in the address and
 * sent inside the results page (apps/server/src/modules/compare/results-page.ts).
 */
export function comparisonPageDataKey(requestId: string): string {
  return `compare/${requestId}`;
}

export function useCompareProduct(requestId: string, url: string | null) {
  return useQuery({
    ...compareProductQueryOptions(requestId, url ?? ''),
    enabled: url !== null,
    // The server's answer for this request id, when it sent one: no call on the first visit.
    initialData:
      url === null
        ? undefined
        : () => takePageData<CompareResponse>(comparisonPageDataKey(requestId)),
  });
}
