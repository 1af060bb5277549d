import { adminBusinessFiguresResponseSchema } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/admin/businesses/:id/figures`: one business's last 30 days. */
export function adminBusinessFiguresQueryOptions(businessId: string) {
  return queryOptions({
    queryKey: ['admin', 'business-figures', businessId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/businesses/${encodeURIComponent(businessId)}/figures`, {
        signal,
        schema: adminBusinessFiguresResponseSchema,
      }),
  });
}

export function useAdminBusinessFigures(businessId: string, enabled: boolean) {
  return useQuery({ ...adminBusinessFiguresQueryOptions(businessId), enabled });
}
