import { attributionReportSchema } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface AttributionPeriod {
  /** ISO dates (`YYYY-MM-DD`), whole UTC days; `to` is included. */
  from: string;
  to: string;
}

/** `GET /api/business/attribution`: the period's conversions, credited under every model. */
export function attributionReportQueryOptions({ from, to }: AttributionPeriod) {
  const search = new URLSearchParams({ from, to });
  return queryOptions({
    queryKey: ['business', 'attribution', { from, to }] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/attribution?${search.toString()}`, {
        signal,
        schema: attributionReportSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAttributionReport(period: AttributionPeriod) {
  return useQuery(attributionReportQueryOptions(period));
}
