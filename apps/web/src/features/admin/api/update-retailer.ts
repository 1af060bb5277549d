import {
  adminRetailerResponseSchema,
  type AdminRetailer,
  type AdminRetailersResponse,
} from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminAuditQueryOptions } from './get-audit-log';
import { adminRetailersQueryOptions } from './get-retailers';

/** `PATCH /api/admin/retailers/:key`: a new affiliate id, or null for the placeholder. */
export async function updateRetailer(input: {
  key: string;
  affiliateId: string | null;
}): Promise<AdminRetailer> {
  const { retailer } = await apiFetch(`/api/admin/retailers/${encodeURIComponent(input.key)}`, {
    method: 'PATCH',
    body: { affiliateId: input.affiliateId },
    schema: adminRetailerResponseSchema,
  });
  return retailer;
}

export function useUpdateRetailer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetailer,
    onSuccess: (retailer) => {
      queryClient.setQueryData<AdminRetailersResponse>(
        adminRetailersQueryOptions().queryKey,
        (old) =>
          old && {
            items: old.items.map((item) => (item.key === retailer.key ? retailer : item)),
          },
      );
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminRetailersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryOptions().queryKey }),
      ]);
    },
  });
}
