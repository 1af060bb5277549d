import { z } from 'zod';

/**
 * The identity admin tier's answers the Identity section reads (Stack Auth's admin shapes,
 * stack-auth.md §3.14, §3.17-3.19). Loaded with the first call, not with the admin page.
 */

export const projectSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  is_production_mode: z.boolean(),
  config: z.object({
    allow_localhost: z.boolean(),
    sign_up_enabled: z.boolean(),
    credential_enabled: z.boolean(),
    magic_link_enabled: z.boolean(),
    passkey_enabled: z.boolean(),
    client_team_creation_enabled: z.boolean(),
    client_user_deletion_enabled: z.boolean(),
    allow_user_api_keys: z.boolean(),
    allow_team_api_keys: z.boolean(),
    domains: z.array(z.object({ domain: z.string(), handler_path: z.string() })),
  }),
});

const problemSchema = z.object({ message: z.string(), relative_fix_url: z.string() });
export const problemListSchema = z.object({ items: z.array(problemSchema) });

const lastFour = z.object({ last_four: z.string() }).optional();
export const apiKeySchema = z.object({
  id: z.string(),
  description: z.string(),
  expires_at_millis: z.number(),
  manually_revoked_at_millis: z.number().optional(),
  created_at_millis: z.number(),
  publishable_client_key: lastFour,
  secret_server_key: lastFour,
  super_secret_admin_key: lastFour,
});
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export const createdApiKeySchema = z.object({
  id: z.string(),
  publishable_client_key: z.string().optional(),
  secret_server_key: z.string().optional(),
  super_secret_admin_key: z.string().optional(),
});

export const definitionSchema = z.object({
  id: z.string(),
  description: z.string().optional(),
  contained_permission_ids: z.array(z.string()),
});
export const definitionListSchema = z.object({ items: z.array(definitionSchema) });

const dailySchema = z.array(z.object({ date: z.string(), activity: z.number() }));
export const metricsSchema = z.object({
  total_users: z.number(),
  daily_users: dailySchema,
  daily_active_users: dailySchema,
  users_by_country: z.record(z.string(), z.number()),
});

export const templateListSchema = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      display_name: z.string(),
      theme_id: z.union([z.string(), z.null(), z.literal(false)]),
      tsx_source: z.string(),
    }),
  ),
});
export const themeListSchema = z.object({
  themes: z.array(z.object({ id: z.string(), display_name: z.string() })),
});
export const themeSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  tsx_source: z.string(),
});
export const createdSchema = z.object({ id: z.string() });
export const renderedTemplateSchema = z.object({ rendered_html: z.string() });
export const renderedEmailSchema = z.object({ html: z.string(), subject: z.string().optional() });
export const testEmailResultSchema = z.object({
  success: z.boolean(),
  error_message: z.string().optional(),
});
export const sentEmailListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      sent_at_millis: z.number(),
      to: z.array(z.string()),
      error: z.string().nullable().optional(),
    }),
  ),
});

/** `GET /internal/config`: the rendered config as a JSON string; the parts the editors use. */
const providerConfigSchema = z.object({
  type: z.string(),
  isShared: z.boolean(),
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  issuerUrl: z.string().optional(),
  microsoftTenantId: z.string().optional(),
});
const renderedConfigSchema = z.object({
  auth: z.object({
    oauth: z.object({ providers: z.record(z.string(), providerConfigSchema) }),
  }),
  emails: z.object({
    server: z.object({
      isShared: z.boolean(),
      host: z.string().optional(),
      port: z.number().optional(),
      username: z.string().optional(),
      password: z.string().optional(),
      senderName: z.string().optional(),
      senderEmail: z.string().optional(),
    }),
  }),
});
export const configSchema = z
  .object({ config_string: z.string() })
  .transform((body) => renderedConfigSchema.parse(JSON.parse(body.config_string)));

const attemptSchema = z.object({
  attempt: z.number(),
  status: z.string(),
  response_status_code: z.number().nullable(),
  error: z.string().nullable().optional(),
  attempted_at_millis: z.number().nullable(),
});
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable().optional(),
  disabled: z.boolean(),
  created_at_millis: z.number().nullable(),
});
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });
export const webhookMessageListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      endpoint_id: z.string(),
      event_type: z.string(),
      status: z.string(),
      attempts: z.number(),
      created_at_millis: z.number().nullable(),
      attempt_log: z.array(attemptSchema),
    }),
  ),
});
