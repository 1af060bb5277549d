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
export type EmailTemplate = z.infer<typeof Schemas.templateListSchema>['templates'][number];
export type EmailTheme = z.infer<typeof Schemas.themeListSchema>['themes'][number];
export type SentEmail = z.infer<typeof Schemas.sentEmailListSchema>['items'][number];
export type IdentityConfig = z.output<typeof Schemas.configSchema>;
export type OAuthProviderConfig = IdentityConfig['auth']['oauth']['providers'][string];
export type EmailServerConfig = IdentityConfig['emails']['server'];
export type WebhookEndpoint = z.infer<typeof Schemas.webhookEndpointSchema>;
export type WebhookMessage = z.infer<typeof Schemas.webhookMessageListSchema>['items'][number];
/** An SMTP server as `POST /internal/send-test-email` takes it. */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  password: string;
  sender_name: string;
  sender_email: string;
}

const schemas = () => import('./schemas');
const projectSchema = lazySchema(() => schemas().then((m) => m.projectSchema));
const problemListSchema = lazySchema(() => schemas().then((m) => m.problemListSchema));
const apiKeyListSchema = lazySchema(() => schemas().then((m) => m.apiKeyListSchema));
const apiKeySchema = lazySchema(() => schemas().then((m) => m.apiKeySchema));
const createdApiKeySchema = lazySchema(() => schemas().then((m) => m.createdApiKeySchema));
const definitionListSchema = lazySchema(() => schemas().then((m) => m.definitionListSchema));
const definitionSchema = lazySchema(() => schemas().then((m) => m.definitionSchema));
const metricsSchema = lazySchema(() => schemas().then((m) => m.metricsSchema));
const templateListSchema = lazySchema(() => schemas().then((m) => m.templateListSchema));
const themeListSchema = lazySchema(() => schemas().then((m) => m.themeListSchema));
const themeSchema = lazySchema(() => schemas().then((m) => m.themeSchema));
const createdSchema = lazySchema(() => schemas().then((m) => m.createdSchema));
const renderedTemplateSchema = lazySchema(() => schemas().then((m) => m.renderedTemplateSchema));
const renderedEmailSchema = lazySchema(() => schemas().then((m) => m.renderedEmailSchema));
const testEmailResultSchema = lazySchema(() => schemas().then((m) => m.testEmailResultSchema));
const sentEmailListSchema = lazySchema(() => schemas().then((m) => m.sentEmailListSchema));
const configSchema = lazySchema(() => schemas().then((m) => m.configSchema));
const webhookEndpointSchema = lazySchema(() => schemas().then((m) => m.webhookEndpointSchema));
const webhookEndpointListSchema = lazySchema(() =>
  schemas().then((m) => m.webhookEndpointListSchema),
);
const webhookMessageListSchema = lazySchema(() =>
  schemas().then((m) => m.webhookMessageListSchema),
);

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

// ---- email templates, themes and sent mail ----

export function useEmailTemplates() {
  return useQuery({
    queryKey: [...identityKey, 'email-templates'] as const,
    queryFn: async ({ signal }) =>
      (await apiFetch(`${BASE}/internal/email-templates`, { signal, schema: templateListSchema }))
        .templates,
  });
}

export function useEmailThemes() {
  return useQuery({
    queryKey: [...identityKey, 'email-themes'] as const,
    queryFn: async ({ signal }) =>
      (await apiFetch(`${BASE}/internal/email-themes`, { signal, schema: themeListSchema })).themes,
  });
}

/** A theme with its source (the list has only names). */
export function useEmailTheme(id: string | null) {
  return useQuery({
    queryKey: [...identityKey, 'email-themes', id] as const,
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiFetch(`${BASE}/internal/email-themes/${id}`, { signal, schema: themeSchema }),
  });
}

export const useCreateEmailTemplate = () =>
  useIdentityMutation((displayName: string) =>
    apiFetch(`${BASE}/internal/email-templates`, {
      method: 'POST',
      body: { display_name: displayName },
      schema: createdSchema,
    }),
  );

export const useCreateEmailTheme = () =>
  useIdentityMutation((displayName: string) =>
    apiFetch(`${BASE}/internal/email-themes`, {
      method: 'POST',
      body: { display_name: displayName },
      schema: createdSchema,
    }),
  );

export const useSaveEmailTemplate = () =>
  useIdentityMutation((input: { id: string; tsxSource: string }) =>
    apiFetch(`${BASE}/internal/email-templates/${input.id}`, {
      method: 'PATCH',
      body: { tsx_source: input.tsxSource },
      schema: renderedTemplateSchema,
    }),
  );

export const useSaveEmailTheme = () =>
  useIdentityMutation((input: { id: string; tsxSource: string }) =>
    apiFetch(`${BASE}/internal/email-themes/${input.id}`, {
      method: 'PATCH',
      body: { tsx_source: input.tsxSource },
      schema: createdSchema,
    }),
  );

/**
 * `POST /emails/render-email`: a template's or theme's unsaved source, rendered as the mail
 * would be. A template is shown in its theme; a theme around its first template.
 */
export function renderEmailPreview(
  body:
    | { template_tsx_source: string; theme_id?: string | null | false }
    | { template_id: string; theme_tsx_source: string },
  signal?: AbortSignal,
) {
  return apiFetch(`${BASE}/emails/render-email`, {
    method: 'POST',
    body,
    signal,
    schema: renderedEmailSchema,
  });
}

export const useSendTestEmail = () =>
  useMutation({
    mutationFn: (input: { recipient: string; server: SmtpSettings }) =>
      apiFetch(`${BASE}/internal/send-test-email`, {
        method: 'POST',
        body: { recipient_email: input.recipient, email_config: input.server },
        schema: testEmailResultSchema,
      }),
  });

export function useSentEmails() {
  return useQuery({
    queryKey: [...identityKey, 'emails'] as const,
    queryFn: async ({ signal }) =>
      (await apiFetch(`${BASE}/internal/emails`, { signal, schema: sentEmailListSchema })).items,
  });
}

// ---- config: OAuth providers and the email server ----

export function useIdentityConfig() {
  return useQuery({
    queryKey: [...identityKey, 'config'] as const,
    queryFn: ({ signal }) => apiFetch(`${BASE}/internal/config`, { signal, schema: configSchema }),
  });
}

/** `PATCH /internal/config/override`: dotted config paths to new values (null removes). */
export const useOverrideConfig = () =>
  useIdentityMutation((override: Record<string, unknown>) =>
    apiFetch(`${BASE}/internal/config/override`, {
      method: 'PATCH',
      body: { config_override_string: JSON.stringify(override) },
    }),
  );

// ---- webhooks ----

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...identityKey, 'webhook-endpoints'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(`${BASE}/webhooks/portal/endpoints`, {
          signal,
          schema: webhookEndpointListSchema,
        })
      ).items,
  });
}

export function useWebhookMessages() {
  return useQuery({
    queryKey: [...identityKey, 'webhook-messages'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(`${BASE}/webhooks/portal/messages?limit=50`, {
          signal,
          schema: webhookMessageListSchema,
        })
      ).items,
  });
}

export const useAddWebhookEndpoint = () =>
  useIdentityMutation((input: { url: string; description: string }) =>
    apiFetch(`${BASE}/webhooks/portal/endpoints`, {
      method: 'POST',
      body: { url: input.url, ...(input.description ? { description: input.description } : {}) },
      schema: webhookEndpointSchema,
    }),
  );

export const useRemoveWebhookEndpoint = () =>
  useIdentityMutation((id: string) =>
    apiFetch(`${BASE}/webhooks/portal/endpoints/${id}`, { method: 'DELETE' }),
  );
