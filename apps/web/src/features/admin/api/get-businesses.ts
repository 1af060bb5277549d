import { adminBusinessesResponseSchema, type BusinessStatus } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface AdminBusinessesFilter {
  status: BusinessStatus | '';
  query: string;
  page: number;
}

/** `GET /api/admin/businesses?status=&query=&page=`: newest first, with counts per status. */
export function adminBusinessesQueryOptions(filter?: AdminBusinessesFilter) {
  return queryOptions({
    queryKey: filter
      ? (['admin', 'businesses', filter] as const)
      : (['admin', 'businesses'] as const),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filter?.page ?? 1) });
      if (filter?.status) params.set('status', filter.status);
      if (filter?.query) params.set('query', filter.query);
      return apiFetch(`/api/admin/businesses?${params.toString()}`, {
        signal,
        schema: adminBusinessesResponseSchema,
      });
    },
  });
}

export function useAdminBusinesses(filter: AdminBusinessesFilter) {
  return useQuery({ ...adminBusinessesQueryOptions(filter), placeholderData: keepPreviousData });
}
