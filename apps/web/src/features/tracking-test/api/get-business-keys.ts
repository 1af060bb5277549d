import { apiKeysResponseSchema, type ApiKey } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/business/keys`: the signed-in business's API keys, newest first, revoked included. */
export function businessKeysQueryOptions() {
  return queryOptions({
    queryKey: ['tracking-test', 'business-keys'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/business/keys', { signal, schema: apiKeysResponseSchema }),
  });
}

export function useBusinessKeys(enabled = true) {
  return useQuery({ ...businessKeysQueryOptions(), enabled });
}

/** The first usable publishable key (not revoked, full key known), or null. */
export function firstPublishableKey(keys: readonly ApiKey[] | undefined): string | null {
  const key = keys?.find(
    (candidate) =>
      candidate.kind === 'publishable' && candidate.revokedAt === null && candidate.key !== null,
  );
  return key?.key ?? null;
}
