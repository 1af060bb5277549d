import { adminAuditResponseSchema, type AuditTargetType } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface AdminAuditFilter {
  targetType?: AuditTargetType;
  targetId?: string;
  page: number;
}

/** `GET /api/admin/audit?targetType=&targetId=&page=`: admin changes, newest first. */
export function adminAuditQueryOptions(filter?: AdminAuditFilter) {
  return queryOptions({
    queryKey: filter ? (['admin', 'audit', filter] as const) : (['admin', 'audit'] as const),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filter?.page ?? 1) });
      if (filter?.targetType) params.set('targetType', filter.targetType);
      if (filter?.targetId) params.set('targetId', filter.targetId);
      return apiFetch(`/api/admin/audit?${params.toString()}`, {
        signal,
        schema: adminAuditResponseSchema,
      });
    },
  });
}

export function useAdminAuditLog(filter: AdminAuditFilter) {
  return useQuery({ ...adminAuditQueryOptions(filter), placeholderData: keepPreviousData });
}
