import { adminBusinessResponseSchema, type AdminBusiness } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminAuditQueryOptions } from './get-audit-log';
import { adminBusinessFiguresQueryOptions } from './get-business-figures';
import { adminBusinessesQueryOptions } from './get-businesses';

export type BusinessAction = 'approve' | 'suspend' | 'reactivate';

/**
 * `POST /api/admin/businesses/:id/approve`, `/suspend` (with an optional reason) and
 * `/reactivate`: the business as it is afterwards.
 */
export async function changeBusinessStatus(input: {
  businessId: string;
  action: BusinessAction;
  reason?: string;
}): Promise<AdminBusiness> {
  const { business } = await apiFetch(
    `/api/admin/businesses/${encodeURIComponent(input.businessId)}/${input.action}`,
    {
      method: 'POST',
      body: input.action === 'suspend' ? { reason: input.reason ?? null } : {},
      schema: adminBusinessResponseSchema,
    },
  );
  return business;
}

export function useChangeBusinessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBusinessStatus,
    onSettled: async (_business, _error, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBusinessesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryOptions().queryKey }),
        queryClient.invalidateQueries({
          queryKey: adminBusinessFiguresQueryOptions(input.businessId).queryKey,
        }),
      ]);
    },
  });
}
