import { dashboardAnalyticsSchema, type DashboardAnalyticsQuery } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { rangeSearch } from './range-search';

/** `GET /api/business/dashboard/analytics?from&to&interval`: series and breakdowns. */
export function dashboardAnalyticsQueryOptions(query: DashboardAnalyticsQuery) {
  return queryOptions({
    queryKey: ['business-dashboard', 'analytics', query] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/dashboard/analytics${rangeSearch(query)}`, {
        signal,
        schema: dashboardAnalyticsSchema,
      }),
  });
}

export function useDashboardAnalytics(query: DashboardAnalyticsQuery) {
  return useQuery({ ...dashboardAnalyticsQueryOptions(query), placeholderData: keepPreviousData });
}

/** The address of the same analytics as a CSV download (the browser sends the session cookie). */
export function analyticsCsvUrl(query: DashboardAnalyticsQuery): string {
  return `/api/business/dashboard/analytics.csv${rangeSearch(query)}`;
}
