import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// The page renders before the validation library is downloaded: it loads with the call.
const historyResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.historyResponseSchema),
);

/** `GET /api/history`: the signed-in shopper's comparisons, newest first. */
export function historyQueryOptions() {
  return queryOptions({
    queryKey: ['history'] as const,
    queryFn: ({ signal }) => apiFetch('/api/history', { signal, schema: historyResponseSchema }),
  });
}

export function useHistory(enabled = true) {
  return useQuery({ ...historyQueryOptions(), enabled });
}

/** `DELETE /api/history/:requestId`: forgets one comparison. */
export async function removeHistoryEntry(requestId: string): Promise<void> {
  await apiFetch(`/api/history/${encodeURIComponent(requestId)}`, { method: 'DELETE' });
}

/** `DELETE /api/history`: forgets them all. */
export async function clearHistory(): Promise<void> {
  await apiFetch('/api/history', { method: 'DELETE' });
}

export function useRemoveHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHistoryEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyQueryOptions().queryKey }),
  });
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearHistory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyQueryOptions().queryKey }),
  });
}
