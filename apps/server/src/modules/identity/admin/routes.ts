import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { KnownError, knownErrors } from '../core/known-errors.ts';
import {
  requireAccess,
  resolveRequestContext,
  type AccessType,
  type IdentityRequestContext,
} from '../core/request-context.ts';
import { success } from '../core/route-helpers.ts';
import type { PermissionScope } from '../core/permission-definitions.ts';
import { ProductionModeRefused, type Admin, type ProjectUpdate } from './admin.ts';

interface AdminRoutesOptions {
  identity: IdentityCore & { admin: Admin };
}

const adminOnly: readonly AccessType[] = ['admin'];
const anyTier: readonly AccessType[] = ['client', 'server', 'admin'];

const permissionId = z.string().regex(/^\$?[a-z0-9_:]+$/, 'must match ^$?[a-z0-9_:]+$');
const customPermissionId = z
  .string()
  .regex(/^[a-z0-9_:]+$/, 'must be lower-case letters, digits, _ and : (no $)');
const optionalUrl = z.url().max(2048).nullable().optional();
const grantList = z.array(z.strictObject({ id: permissionId })).optional();
const trustedDomain = z.strictObject({
  domain: z
    .string()
    .max(300)
    .refine((value) => {
      try {
        const url = new URL(value.replace(/\*+/g, 'wildcard-placeholder'));
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, 'must be an http(s) URL such as https://example.com'),
  handler_path: z.string().max(300).startsWith('/', 'must start with /'),
});
const emailConfig = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('shared') }),
  z.strictObject({
    type: z.literal('standard'),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
    username: z.string().min(1),
    password: z.string().min(1),
    sender_name: z.string().min(1),
    sender_email: z.email(),
  }),
]);
const configUpdate = z.strictObject({
  sign_up_enabled: z.boolean().optional(),
  credential_enabled: z.boolean().optional(),
  magic_link_enabled: z.boolean().optional(),
  passkey_enabled: z.boolean().optional(),
  client_team_creation_enabled: z.boolean().optional(),
  client_user_deletion_enabled: z.boolean().optional(),
  allow_localhost: z.boolean().optional(),
  allow_user_api_keys: z.boolean().optional(),
  allow_team_api_keys: z.boolean().optional(),
  create_team_on_sign_up: z.boolean().optional(),
  oauth_account_merge_strategy: z
    .enum(['link_method', 'raise_error', 'allow_duplicates'])
    .optional(),
  domains: z.array(trustedDomain).max(100).optional(),
  oauth_providers: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9_:-]+$/, 'must be a provider id such as github'),
        type: z.enum(['shared', 'standard']),
        client_id: z.string().min(1).optional(),
        client_secret: z.string().min(1).optional(),
        facebook_config_id: z.string().optional(),
        microsoft_tenant_id: z.string().min(1).optional(),
        apple_bundle_ids: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  email_config: emailConfig.optional(),
  email_theme: z.string().min(1).max(100).optional(),
  team_creator_default_permissions: grantList,
  team_member_default_permissions: grantList,
  user_default_permissions: grantList,
});
const projectFields = {
  description: z.string().max(1000).optional(),
  is_production_mode: z.boolean().optional(),
  is_development_environment: z.boolean().optional(),
  onboarding_status: z.string().max(100).optional(),
  onboarding_state: z.unknown().optional(),
  logo_url: optionalUrl,
  logo_full_url: optionalUrl,
  logo_dark_mode_url: optionalUrl,
  logo_full_dark_mode_url: optionalUrl,
  config: configUpdate.optional(),
};
const projectUpdateBody = z.strictObject({
  display_name: z.string().trim().min(1).max(200).optional(),
  ...projectFields,
});
const projectCreateBody = z.strictObject({
  display_name: z.string().trim().min(1).max(200),
  owner_team_id: z.uuid().optional(),
  ...projectFields,
});
const LAST_EXPIRY_MILLIS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const apiKeyCreateBody = z.strictObject({
  description: z.string().max(1000),
  // A JavaScript date (and the database's timestamp) ends long before the largest safe integer.
  expires_at_millis: z
    .number()
    .int()
    .positive()
    .max(LAST_EXPIRY_MILLIS, 'must be a time before the year 10000'),
  has_publishable_client_key: z.boolean(),
  has_secret_server_key: z.boolean(),
  has_super_secret_admin_key: z.boolean(),
});
const apiKeyParams = z.strictObject({ id: z.uuid() });
const apiKeyUpdateBody = z.strictObject({
  description: z.string().max(1000).optional(),
  revoked: z.literal(true).optional(),
});
const configOverrideBody = z.strictObject({
  config_override_string: z.string().max(200_000),
  source: z.unknown().optional(),
});
const configLevelParams = z.strictObject({ level: z.enum(['project', 'branch', 'environment']) });
const definitionCreateBody = z.strictObject({
  id: customPermissionId,
  description: z.string().max(1000).optional(),
  contained_permission_ids: z.array(permissionId).max(100).optional(),
});
const definitionUpdateBody = definitionCreateBody.partial();
const definitionParams = z.strictObject({ permissionId });
const metricsQuery = z.strictObject({ include_anonymous: z.enum(['true', 'false']).optional() });

/** The routes only the admin tier may call; the integration tests walk this list. */
export const ADMIN_TIER_ROUTES: { method: string; url: string }[] = [];

/**
 * The admin tier (stack-auth.md §3.14, §3.17-3.19; spec §6, §7 "Admin tier"): the project, its
 * API keys, config, permission definitions and metrics, reached with a super secret admin key or
 * a project owner's session; and the internal project's own calls that list and create projects.
 */
export async function adminRoutes(app: FastifyInstance, { identity }: AdminRoutesOptions) {
  const { admin } = identity;

  const adminRoute = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    handler: (ctx: IdentityRequestContext, request: FastifyRequest) => Promise<unknown>,
    status = 200,
  ) => {
    if (!ADMIN_TIER_ROUTES.some((route) => route.method === method && route.url === url)) {
      ADMIN_TIER_ROUTES.push({ method, url });
    }
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const ctx = requireAccess(await resolveRequestContext(request, identity), adminOnly);
        const result = await handler(ctx, request);
        return reply.code(status).send(result);
      },
    });
  };

  /** The internal project's signed-in user, for the calls only the internal project may make. */
  const internalUser = async (request: FastifyRequest) => {
    const ctx = requireAccess(await resolveRequestContext(request, identity), anyTier);
    if (!ctx.project.isInternal) throw knownErrors.expectedInternalProject();
    if (!ctx.user) throw knownErrors.userAuthenticationRequired();
    return { project: ctx.project, user: ctx.user };
  };

  // ---- projects ----

  app.get('/internal/projects', async (request) => {
    const { project, user } = await internalUser(request);
    const projects = await admin.listOwnedProjects(project, user);
    return { items: projects.map((p) => admin.presentProject(p)), is_paginated: false };
  });

  app.post('/internal/projects', async (request, reply) => {
    const { project, user } = await internalUser(request);
    const body = parseIdentityInput(projectCreateBody, request.body, 'body');
    const created = await withProductionModeProblems(() =>
      admin.createProject(project, user, body as ProjectUpdate & { display_name: string }),
    );
    return reply.code(201).send(admin.presentProject(created));
  });

  adminRoute('GET', '/internal/projects/current', async (ctx) => admin.presentProject(ctx.project));

  adminRoute('PATCH', '/internal/projects/current', async (ctx, request) => {
    const body = parseIdentityInput(projectUpdateBody, request.body, 'body');
    const updated = await withProductionModeProblems(() =>
      admin.updateProject(ctx.project, body as ProjectUpdate),
    );
    return admin.presentProject(updated);
  });

  adminRoute('DELETE', '/internal/projects/current', async (ctx) => {
    await admin.deleteProject(ctx.project);
    return success;
  });

  adminRoute('GET', '/internal/production-mode-errors', async (ctx) => ({
    items: admin.productionModeProblems(ctx.project),
  }));

  // ---- API keys ----

  adminRoute('POST', '/internal/api-keys', async (ctx, request) => {
    const body = parseIdentityInput(apiKeyCreateBody, request.body, 'body');
    return admin.createApiKey(ctx.project, body);
  });

  adminRoute('GET', '/internal/api-keys', async (ctx) => ({
    items: await admin.listApiKeys(ctx.project),
    is_paginated: false,
  }));

  adminRoute('GET', '/internal/api-keys/:id', async (ctx, request) => {
    const { id } = parseIdentityInput(apiKeyParams, request.params, 'params');
    return admin.getApiKey(ctx.project, id);
  });

  adminRoute('PATCH', '/internal/api-keys/:id', async (ctx, request) => {
    const { id } = parseIdentityInput(apiKeyParams, request.params, 'params');
    const body = parseIdentityInput(apiKeyUpdateBody, request.body, 'body');
    return admin.updateApiKey(ctx.project, id, body);
  });

  // ---- config ----

  adminRoute('GET', '/internal/config', async (ctx) => ({
    config_string: JSON.stringify(admin.renderConfig(ctx.project)),
  }));

  // One override for the project: the levels the clients name all write to it.
  const override = async (ctx: IdentityRequestContext, request: FastifyRequest) => {
    const body = parseIdentityInput(configOverrideBody, request.body, 'body');
    await admin.overrideConfig(ctx.project, body.config_override_string);
    return success;
  };
  adminRoute('PATCH', '/internal/config/override', override);
  adminRoute('PATCH', '/internal/config/override/:level', async (ctx, request) => {
    parseIdentityInput(configLevelParams, request.params, 'params');
    return override(ctx, request);
  });
  adminRoute('GET', '/internal/config/override/:level', async (ctx, request) => {
    parseIdentityInput(configLevelParams, request.params, 'params');
    return { config_string: JSON.stringify(admin.renderConfig(ctx.project)) };
  });

  // ---- permission definitions ----

  for (const scope of ['team', 'project'] as PermissionScope[]) {
    const base = `/${scope}-permission-definitions`;
    adminRoute('GET', base, async (ctx) => ({
      items: admin.listDefinitions(ctx.project, scope),
      is_paginated: false,
    }));
    adminRoute(
      'POST',
      base,
      async (ctx, request) => {
        const body = parseIdentityInput(definitionCreateBody, request.body, 'body');
        return admin.createDefinition(ctx.project, scope, body);
      },
      201,
    );
    adminRoute('PATCH', `${base}/:permissionId`, async (ctx, request) => {
      const params = parseIdentityInput(definitionParams, request.params, 'params');
      const body = parseIdentityInput(definitionUpdateBody, request.body, 'body');
      return admin.updateDefinition(ctx.project, scope, params.permissionId, body);
    });
    adminRoute('DELETE', `${base}/:permissionId`, async (ctx, request) => {
      const params = parseIdentityInput(definitionParams, request.params, 'params');
      await admin.deleteDefinition(ctx.project, scope, params.permissionId);
      return success;
    });
  }

  // ---- metrics ----

  adminRoute('GET', '/internal/metrics', async (ctx, request) => {
    const query = parseIdentityInput(metricsQuery, request.query, 'query');
    return admin.metrics(ctx.project, query.include_anonymous === 'true');
  });
}

/**
 * Production mode refused: a SCHEMA_ERROR whose message lists each §5 problem, with the
 * problems and their fix paths in `details.production_mode_errors`.
 */
async function withProductionModeProblems<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProductionModeRefused)) throw error;
    const message = [
      'body.is_production_mode: the project is not ready for production mode:',
      ...error.problems.map((p) => `- ${p.message} (fix at ${p.relative_fix_url})`),
    ].join('\n');
    throw new KnownError('SCHEMA_ERROR', 400, message, {
      message,
      production_mode_errors: error.problems,
    });
  }
}
