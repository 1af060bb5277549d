import { compareResponseSchema, type CompareResponse } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

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

export function useCompareProduct(requestId: string, url: string | null) {
  return useQuery({
    ...compareProductQueryOptions(requestId, url ?? ''),
    enabled: url !== null,
  });
}
