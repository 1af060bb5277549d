import { adminOverviewResponseSchema } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/admin/overview?days=N`: all-time totals and the last N days. */
export function adminOverviewQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['admin', 'overview', days] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/overview?days=${days}`, { signal, schema: adminOverviewResponseSchema }),
  });
}

export function useAdminOverview(days: number) {
  return useQuery(adminOverviewQueryOptions(days));
}
