import { adminUsersResponseSchema } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface AdminUsersFilter {
  query: string;
  page: number;
}

/** `GET /api/admin/users?query=&page=`: users whose email or name contains the search. */
export function adminUsersQueryOptions(filter?: AdminUsersFilter) {
  return queryOptions({
    queryKey: filter ? (['admin', 'users', filter] as const) : (['admin', 'users'] as const),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filter?.page ?? 1) });
      if (filter?.query) params.set('query', filter.query);
      return apiFetch(`/api/admin/users?${params.toString()}`, {
        signal,
        schema: adminUsersResponseSchema,
      });
    },
  });
}

export function useAdminUsers(filter: AdminUsersFilter) {
  return useQuery({ ...adminUsersQueryOptions(filter), placeholderData: keepPreviousData });
}
