import { dashboardSummarySchema, type DashboardRangeQuery } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { rangeSearch } from './range-search';

/** `GET /api/business/dashboard/summary?from&to`: key figures against the period before. */
export function dashboardSummaryQueryOptions(range: DashboardRangeQuery) {
  return queryOptions({
    queryKey: ['business-dashboard', 'summary', range] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/dashboard/summary${rangeSearch(range)}`, {
        signal,
        schema: dashboardSummarySchema,
      }),
  });
}

export function useDashboardSummary(range: DashboardRangeQuery) {
  return useQuery({ ...dashboardSummaryQueryOptions(range), placeholderData: keepPreviousData });
}
