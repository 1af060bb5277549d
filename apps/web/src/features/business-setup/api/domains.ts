import { merchantDomainResponseSchema, merchantDomainsResponseSchema } from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { integrationStatusQueryOptions } from './integration-status';

/** `GET /api/business/domains`: the shop's domains, the primary one first. */
export function domainsQueryOptions() {
  return queryOptions({
    queryKey: ['business-setup', 'domains'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/business/domains', { signal, schema: merchantDomainsResponseSchema }),
  });
}

export function useDomains() {
  return useQuery(domainsQueryOptions());
}

/** `POST /api/business/domains` */
export function addDomain(domain: string) {
  return apiFetch('/api/business/domains', {
    method: 'POST',
    body: { domain },
    schema: merchantDomainResponseSchema,
  });
}

/** `POST /api/business/domains/:id/verify`: ipick looks for the meta tag or the file. */
export function verifyDomain(id: string) {
  return apiFetch(`/api/business/domains/${encodeURIComponent(id)}/verify`, {
    method: 'POST',
    schema: merchantDomainResponseSchema,
  });
}

/** `DELETE /api/business/domains/:id` */
export async function removeDomain(id: string): Promise<void> {
  await apiFetch(`/api/business/domains/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useDomainMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: domainsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: integrationStatusQueryOptions().queryKey }),
      ]);
    },
  });
}

export const useAddDomain = () => useDomainMutation(addDomain);
export const useVerifyDomain = () => useDomainMutation(verifyDomain);
export const useRemoveDomain = () => useDomainMutation(removeDomain);
