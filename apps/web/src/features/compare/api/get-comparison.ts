import type { CompareResponse } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// The results page renders before the validation library is downloaded: it loads with the call.
const compareResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.compareResponseSchema),
);

/** `GET /api/compare/:requestId`: a comparison made earlier (404 `not_found` when none). */
export function getComparison(requestId: string, signal?: AbortSignal): Promise<CompareResponse> {
  return apiFetch(`/api/compare/${encodeURIComponent(requestId)}`, {
    signal,
    schema: compareResponseSchema,
  });
}

export function comparisonQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: ['compare', requestId, 'saved'] as const,
    queryFn: ({ signal }) => getComparison(requestId, signal),
    staleTime: Infinity,
  });
}

/** Used when this tab has no record of the pasted link (a new tab, cleared storage). */
export function useComparison(requestId: string, enabled: boolean) {
  return useQuery({ ...comparisonQueryOptions(requestId), enabled });
}
