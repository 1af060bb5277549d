import { adminOutboxResponseSchema } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/admin/outbox?page=`: the mail ipick sent, newest first. */
export function adminOutboxQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['admin', 'outbox', page] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/outbox?page=${page}`, { signal, schema: adminOutboxResponseSchema }),
  });
}

export function useAdminOutbox(page: number) {
  return useQuery({ ...adminOutboxQueryOptions(page), placeholderData: keepPreviousData });
}
