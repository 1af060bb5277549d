import { compareResponseSchema, type CompareResponse } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

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
