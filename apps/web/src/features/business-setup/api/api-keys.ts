import {
  apiKeysResponseSchema,
  createdApiKeyResponseSchema,
  type ApiKeyKind,
} from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { integrationStatusQueryOptions } from './integration-status';

/** `GET /api/business/keys`: newest first, revoked keys included. */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: ['business-setup', 'api-keys'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/business/keys', { signal, schema: apiKeysResponseSchema }),
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** `POST /api/business/keys`: the full key comes back this once. */
export function createApiKey(kind: ApiKeyKind) {
  return apiFetch('/api/business/keys', {
    method: 'POST',
    body: { kind },
    schema: createdApiKeyResponseSchema,
  });
}

/** `POST /api/business/keys/:id/rotate`: a new key, the old one revoked. */
export function rotateApiKey(id: string) {
  return apiFetch(`/api/business/keys/${encodeURIComponent(id)}/rotate`, {
    method: 'POST',
    schema: createdApiKeyResponseSchema,
  });
}

/** `DELETE /api/business/keys/:id` */
export async function revokeApiKey(id: string): Promise<void> {
  await apiFetch(`/api/business/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useKeyMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: integrationStatusQueryOptions().queryKey }),
      ]);
    },
  });
}

export const useCreateApiKey = () => useKeyMutation(createApiKey);
export const useRotateApiKey = () => useKeyMutation(rotateApiKey);
export const useRevokeApiKey = () => useKeyMutation(revokeApiKey);
