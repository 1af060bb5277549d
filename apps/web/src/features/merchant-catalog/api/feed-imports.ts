import { feedImportSchema, feedImportsResponseSchema, type FeedImport } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** How often a running import is asked for its progress. */
export const FEED_IMPORT_POLL_MS = 1000;

/** `GET /api/business/catalog/feeds`: the latest imports, newest first. */
export function feedImportsQueryOptions() {
  return queryOptions({
    queryKey: ['business', 'feed-imports'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/business/catalog/feeds', { signal, schema: feedImportsResponseSchema }),
    refetchInterval: (query) =>
      query.state.data?.imports.some((item) => item.status === 'running')
        ? FEED_IMPORT_POLL_MS
        : false,
  });
}

export function useFeedImports() {
  return useQuery(feedImportsQueryOptions());
}

/** `GET /api/business/catalog/feeds/:id`: one import's progress and report, polled while it runs. */
export function feedImportQueryOptions(importId: string) {
  return queryOptions({
    queryKey: [...feedImportsQueryOptions().queryKey, importId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/catalog/feeds/${encodeURIComponent(importId)}`, {
        signal,
        schema: feedImportSchema,
      }),
    refetchInterval: (query) =>
      query.state.data === undefined || isRunning(query.state.data) ? FEED_IMPORT_POLL_MS : false,
  });
}

export function useFeedImport(importId: string | null) {
  return useQuery({ ...feedImportQueryOptions(importId ?? ''), enabled: importId !== null });
}

export function isRunning(feedImport: FeedImport): boolean {
  return feedImport.status === 'running';
}
