import { adminMatchReportsResponseSchema, type MatchReportStatus } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface MatchReportsFilter {
  status: MatchReportStatus;
  page: number;
}

/** `GET /api/admin/match-reports?status=&page=`: the admins' queue, with counts per status. */
export function matchReportsQueryOptions(filter?: MatchReportsFilter) {
  return queryOptions({
    queryKey: filter
      ? (['admin', 'match-reports', filter] as const)
      : (['admin', 'match-reports'] as const),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        status: filter?.status ?? 'pending',
        page: String(filter?.page ?? 1),
      });
      return apiFetch(`/api/admin/match-reports?${params.toString()}`, {
        signal,
        schema: adminMatchReportsResponseSchema,
      });
    },
  });
}

export function useMatchReports(filter: MatchReportsFilter) {
  return useQuery({ ...matchReportsQueryOptions(filter), placeholderData: keepPreviousData });
}
