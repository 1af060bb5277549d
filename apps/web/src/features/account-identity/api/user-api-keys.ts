import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazySchema } from '@/lib/api-client';
import { identityCall } from '@/lib/identity-api';
import type { z } from 'zod';
import type * as Schemas from './account-schemas';

export type UserApiKey = z.infer<typeof Schemas.keySchema>;

// Loaded with the first call (see account-schemas.ts).
const schemas = () => import('./account-schemas');
const projectSchema = lazySchema(() => schemas().then((module) => module.projectSchema));
const keySchema = lazySchema(() => schemas().then((module) => module.keySchema));
const listSchema = lazySchema(() => schemas().then((module) => module.keyListSchema));

/** `GET /api/v1/projects/current`: whether ipick lets users make API keys at all. */
export function useUserApiKeysEnabled() {
  return useQuery({
    queryKey: ['account', 'project'] as const,
    queryFn: async () =>
      (await identityCall('GET', '/projects/current', undefined, projectSchema)).config
        .allow_user_api_keys,
  });
}

const keysKey = ['account', 'api-keys'] as const;

/** `GET /api/v1/user-api-keys?user_id=me` */
export function useUserApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: keysKey,
    queryFn: async () =>
      (await identityCall('GET', '/user-api-keys?user_id=me', undefined, listSchema)).items,
    enabled,
  });
}

function useKeyMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

/** `POST /api/v1/user-api-keys`: the whole secret comes back this once. */
export const useCreateUserApiKey = () =>
  useKeyMutation((description: string) =>
    identityCall(
      'POST',
      '/user-api-keys',
      { user_id: 'me', description, expires_at_millis: null },
      keySchema,
    ),
  );

/** `PATCH /api/v1/user-api-keys/{id}` `{ revoked: true }` */
export const useRevokeUserApiKey = () =>
  useKeyMutation((id: string) =>
    identityCall(
      'PATCH',
      `/user-api-keys/${encodeURIComponent(id)}?user_id=me`,
      { revoked: true },
      keySchema,
    ),
  );

/** `PATCH /api/v1/user-api-keys/{id}` `{ description }`: a new name for the key. */
export const useRenameUserApiKey = () =>
  useKeyMutation(({ id, description }: { id: string; description: string }) =>
    identityCall(
      'PATCH',
      `/user-api-keys/${encodeURIComponent(id)}?user_id=me`,
      { description },
      keySchema,
    ),
  );
