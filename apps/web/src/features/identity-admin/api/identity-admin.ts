import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, lazySchema } from '@/lib/api-client';
import type * as Schemas from './schemas';

export type IdentityProject = z.infer<typeof Schemas.projectSchema>;
export type ProductionModeProblem = z.infer<typeof Schemas.problemListSchema>['items'][number];
export type IdentityApiKey = z.infer<typeof Schemas.apiKeySchema>;
export type CreatedApiKey = z.infer<typeof Schemas.createdApiKeySchema>;
export type PermissionDefinition = z.infer<typeof Schemas.definitionSchema>;
export type IdentityMetrics = z.infer<typeof Schemas.metricsSchema>;
export type PermissionScope = 'team' | 'project';

const schemas = () => import('./schemas');
const projectSchema = lazySchema(() => schemas().then((m) => m.projectSchema));
const problemListSchema = lazySchema(() => schemas().then((m) => m.problemListSchema));
const apiKeyListSchema = lazySchema(() => schemas().then((m) => m.apiKeyListSchema));
const apiKeySchema = lazySchema(() => schemas().then((m) => m.apiKeySchema));
const createdApiKeySchema = lazySchema(() => schemas().then((m) => m.createdApiKeySchema));
const definitionListSchema = lazySchema(() => schemas().then((m) => m.definitionListSchema));
const definitionSchema = lazySchema(() => schemas().then((m) => m.definitionSchema));
const metricsSchema = lazySchema(() => schemas().then((m) => m.metricsSchema));

/** The identity admin tier of ipick's project, through the admin API (`/api/admin/identity`). */
const BASE = '/api/admin/identity';
const identityKey = ['admin', 'identity'] as const;

/** Every identity answer the section shows may change after a write: read them again. */
function useIdentityMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityKey }),
  });
}

export function useIdentityProject() {
  return useQuery({
    queryKey: [...identityKey, 'project'] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${BASE}/internal/projects/current`, { signal, schema: projectSchema }),
  });
}

export function useProductionModeProblems() {
  return useQuery({
    queryKey: [...identityKey, 'production-mode-errors'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(`${BASE}/internal/production-mode-errors`, {
          signal,
          schema: problemListSchema,
        })
      ).items,
  });
}

/** `PATCH /internal/projects/current`: production mode and the project's settings. */
export const useUpdateIdentityProject = () =>
  useIdentityMutation((body: Record<string, unknown>) =>
    apiFetch(`${BASE}/internal/projects/current`, {
      method: 'PATCH',
      body,
      schema: projectSchema,
    }),
  );

export function useIdentityApiKeys() {
  return useQuery({
    queryKey: [...identityKey, 'api-keys'] as const,
    queryFn: async ({ signal }) =>
      (await apiFetch(`${BASE}/internal/api-keys`, { signal, schema: apiKeyListSchema })).items,
  });
}

export const useCreateIdentityApiKey = () =>
  useIdentityMutation(
    (input: { description: string; kinds: ('publishable' | 'secret' | 'admin')[] }) =>
      apiFetch(`${BASE}/internal/api-keys`, {
        method: 'POST',
        body: {
          description: input.description,
          expires_at_millis: Date.now() + 365 * 86_400_000,
          has_publishable_client_key: input.kinds.includes('publishable'),
          has_secret_server_key: input.kinds.includes('secret'),
          has_super_secret_admin_key: input.kinds.includes('admin'),
        },
        schema: createdApiKeySchema,
      }),
  );

export const useRevokeIdentityApiKey = () =>
  useIdentityMutation((id: string) =>
    apiFetch(`${BASE}/internal/api-keys/${id}`, {
      method: 'PATCH',
      body: { revoked: true },
      schema: apiKeySchema,
    }),
  );

export function usePermissionDefinitions(scope: PermissionScope) {
  return useQuery({
    queryKey: [...identityKey, 'definitions', scope] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(`${BASE}/${scope}-permission-definitions`, {
          signal,
          schema: definitionListSchema,
        })
      ).items,
  });
}

export const useCreatePermissionDefinition = (scope: PermissionScope) =>
  useIdentityMutation((input: { id: string; description: string; contained: string[] }) =>
    apiFetch(`${BASE}/${scope}-permission-definitions`, {
      method: 'POST',
      body: {
        id: input.id,
        description: input.description,
        contained_permission_ids: input.contained,
      },
      schema: definitionSchema,
    }),
  );

export const useDeletePermissionDefinition = (scope: PermissionScope) =>
  useIdentityMutation((id: string) =>
    apiFetch(`${BASE}/${scope}-permission-definitions/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  );

export function useIdentityMetrics() {
  return useQuery({
    queryKey: [...identityKey, 'metrics'] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${BASE}/internal/metrics`, { signal, schema: metricsSchema }),
  });
}
