import { adminRetailersResponseSchema } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/admin/retailers`: the named retailers and ipick's affiliate id at each. */
export function adminRetailersQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'retailers'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/admin/retailers', { signal, schema: adminRetailersResponseSchema }),
  });
}

export function useAdminRetailers() {
  return useQuery(adminRetailersQueryOptions());
}
