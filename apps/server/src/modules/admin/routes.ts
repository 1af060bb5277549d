import {
  adminAuditQuerySchema,
  adminBusinessesQuerySchema,
  adminIdParamsSchema,
  adminOutboxQuerySchema,
  adminOverviewQuerySchema,
  adminUsersQuerySchema,
  retailerKeyParamsSchema,
  suspendBusinessRequestSchema,
  updateRetailerRequestSchema,
} from '@ipick/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import { adminGuard } from '../auth/admin-guard.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { MatchReportsService } from '../match-reports/match-reports-service.ts';
import { matchReportsAdminRoutes } from '../match-reports/routes.ts';
import type { AdminActor, AdminService } from './admin-service.ts';

export const ADMIN_PREFIX = '/api/admin';

/**
 * Every route of the admin API (method and path under `/api/admin`). The module refuses to
 * start with a route that is not listed here, and the guard test calls each one signed out and
 * as a shopper, so no admin endpoint can be added without being proven guarded.
 */
export const ADMIN_ENDPOINTS = [
  { method: 'GET', url: '/me' },
  { method: 'GET', url: '/overview' },
  { method: 'GET', url: '/users' },
  { method: 'POST', url: '/users/:id/disable' },
  { method: 'POST', url: '/users/:id/enable' },
  { method: 'POST', url: '/users/:id/admin' },
  { method: 'DELETE', url: '/users/:id/admin' },
  { method: 'GET', url: '/outbox' },
  { method: 'GET', url: '/retailers' },
  { method: 'PATCH', url: '/retailers/:key' },
  { method: 'GET', url: '/businesses' },
  { method: 'POST', url: '/businesses/:id/approve' },
  { method: 'POST', url: '/businesses/:id/suspend' },
  { method: 'POST', url: '/businesses/:id/reactivate' },
  { method: 'GET', url: '/businesses/:id/figures' },
  { method: 'GET', url: '/audit' },
  { method: 'GET', url: '/match-reports' },
  { method: 'POST', url: '/match-reports/:id/confirm' },
  { method: 'POST', url: '/match-reports/:id/reject' },
  ...identityAdminCalls(),
] as const;

/**
 * The identity admin-tier calls the admin area's Identity section makes (spec §6 admin tier),
 * under `/api/admin/identity`: the project and its production-mode checklist, API keys, config,
 * permission definitions, metrics, email templates, themes and sent mail, and webhook endpoints
 * with their delivery log.
 */
function identityAdminCalls() {
  const calls = [
    { method: 'GET', url: '/identity/internal/projects/current' },
    { method: 'PATCH', url: '/identity/internal/projects/current' },
    { method: 'GET', url: '/identity/internal/production-mode-errors' },
    { method: 'GET', url: '/identity/internal/metrics' },
    { method: 'GET', url: '/identity/internal/config' },
    { method: 'PATCH', url: '/identity/internal/config/override' },
    { method: 'GET', url: '/identity/internal/api-keys' },
    { method: 'POST', url: '/identity/internal/api-keys' },
    { method: 'PATCH', url: '/identity/internal/api-keys/:id' },
    { method: 'GET', url: '/identity/internal/email-templates' },
    { method: 'POST', url: '/identity/internal/email-templates' },
    { method: 'PATCH', url: '/identity/internal/email-templates/:id' },
    { method: 'GET', url: '/identity/internal/email-themes' },
    { method: 'POST', url: '/identity/internal/email-themes' },
    { method: 'GET', url: '/identity/internal/email-themes/:id' },
    { method: 'PATCH', url: '/identity/internal/email-themes/:id' },
    { method: 'POST', url: '/identity/emails/render-email' },
    { method: 'POST', url: '/identity/internal/send-test-email' },
    { method: 'GET', url: '/identity/internal/emails' },
    // ipick's webhook portal, opened with a token the server asks for (POST /webhooks/svix-token)
    { method: 'GET', url: '/identity/webhooks/portal/endpoints' },
    { method: 'POST', url: '/identity/webhooks/portal/endpoints' },
    { method: 'DELETE', url: '/identity/webhooks/portal/endpoints/:id' },
    { method: 'GET', url: '/identity/webhooks/portal/messages' },
  ] as const;
  const definitions = (['team', 'project'] as const).flatMap(
    (scope) =>
      [
        { method: 'GET', url: `/identity/${scope}-permission-definitions` },
        { method: 'POST', url: `/identity/${scope}-permission-definitions` },
        { method: 'PATCH', url: `/identity/${scope}-permission-definitions/:id` },
        { method: 'DELETE', url: `/identity/${scope}-permission-definitions/:id` },
      ] as const,
  );
  return [...calls, ...definitions];
}

interface AdminModuleOptions {
  auth: AuthService;
  admin: AdminService;
  matchReports: MatchReportsService;
}

function actorOf(request: FastifyRequest): AdminActor {
  const { user } = request.admin!;
  return { userId: user.id, projectId: user.projectId };
}

/**
 * The admin API (spec §2 /admin, /admin/business), registered under `/api/admin`. The guard is
 * added once, before any route, so every route here is behind it (401 signed out, 403 for
 * anyone but an admin).
 */
export async function adminModule(
  app: FastifyInstance,
  { auth, admin, matchReports }: AdminModuleOptions,
) {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', adminGuard(auth));
  app.addHook('onRequest', refuseCrossSiteWrites);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const url = route.url.slice(route.prefix.length) || '/';
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify's automatic HEAD for each GET
      if (!ADMIN_ENDPOINTS.some((endpoint) => endpoint.method === method && endpoint.url === url)) {
        throw new Error(`${method} ${route.url} is missing from ADMIN_ENDPOINTS`);
      }
    }
  });

  app.get('/me', async (request) => ({ user: await auth.toSessionUser(request.admin!.user) }));

  app.get('/overview', async (request) => {
    const { days } = parseRequestPart(adminOverviewQuerySchema, request.query, 'query');
    return admin.overview(actorOf(request), days);
  });

  // ---- users ----

  app.get('/users', async (request) => {
    const query = parseRequestPart(adminUsersQuerySchema, request.query, 'query');
    return admin.listUsers(actorOf(request), query);
  });

  const userId = (request: FastifyRequest) =>
    parseRequestPart(adminIdParamsSchema, request.params, 'params').id;

  app.post('/users/:id/disable', async (request) => ({
    user: await admin.disableUser(actorOf(request), userId(request)),
  }));
  app.post('/users/:id/enable', async (request) => ({
    user: await admin.enableUser(actorOf(request), userId(request)),
  }));
  app.post('/users/:id/admin', async (request) => ({
    user: await admin.grantAdmin(actorOf(request), userId(request)),
  }));
  app.delete('/users/:id/admin', async (request) => ({
    user: await admin.revokeAdmin(actorOf(request), userId(request)),
  }));

  // ---- mail outbox ----

  app.get('/outbox', async (request) => {
    const { page } = parseRequestPart(adminOutboxQuerySchema, request.query, 'query');
    return admin.listOutbox(page);
  });

  // ---- retailers ----

  app.get('/retailers', async () => ({ items: await admin.listRetailers() }));

  app.patch('/retailers/:key', async (request) => {
    const { key } = parseRequestPart(retailerKeyParamsSchema, request.params, 'params');
    const body = parseRequestPart(updateRetailerRequestSchema, request.body ?? {}, 'body');
    return { retailer: await admin.setAffiliateId(actorOf(request), key, body.affiliateId) };
  });

  // ---- businesses ----

  app.get('/businesses', async (request) => {
    const query = parseRequestPart(adminBusinessesQuerySchema, request.query, 'query');
    return admin.listBusinesses(query);
  });

  const businessId = userId;

  app.post('/businesses/:id/approve', async (request) => ({
    business: await admin.changeBusinessStatus(actorOf(request), businessId(request), 'approve'),
  }));
  app.post('/businesses/:id/suspend', async (request) => {
    const id = businessId(request);
    const { reason } = parseRequestPart(suspendBusinessRequestSchema, request.body ?? {}, 'body');
    return { business: await admin.changeBusinessStatus(actorOf(request), id, 'suspend', reason) };
  });
  app.post('/businesses/:id/reactivate', async (request) => ({
    business: await admin.changeBusinessStatus(actorOf(request), businessId(request), 'reactivate'),
  }));
  app.get('/businesses/:id/figures', async (request) => admin.businessFigures(businessId(request)));

  // ---- audit log ----

  app.get('/audit', async (request) => {
    const query = parseRequestPart(adminAuditQuerySchema, request.query, 'query');
    return admin.listAudit(query);
  });

  // ---- the identity admin tier, for the Identity section ----

  // A signed-in admin reaches the identity admin tier of ipick's project through here; the
  // admin key never leaves the server. Answers (and known errors) are passed on as they are.
  // The webhook portal takes a token from POST /webhooks/svix-token instead of the admin key;
  // the server asks for one with the admin key and keeps it until shortly before it expires.
  let portalToken: { token: string; expiresAtMillis: number } | null = null;
  for (const call of identityAdminCalls()) {
    app.route({
      method: call.method,
      url: call.url,
      handler: async (request, reply) => {
        const path = request.url.slice(`${ADMIN_PREFIX}/identity`.length);
        const access = await auth.identityAdminAccess();
        const adminHeaders = {
          'x-stack-project-id': access.projectId,
          'x-stack-access-type': 'admin',
          'x-stack-super-secret-admin-key': access.superSecretAdminKey,
        };
        let headers: Record<string, string> = adminHeaders;
        if (path.startsWith('/webhooks/portal/')) {
          if (!portalToken || portalToken.expiresAtMillis - 60_000 < Date.now()) {
            const issued = await request.server.inject({
              method: 'POST',
              url: '/api/v1/webhooks/svix-token',
              headers: adminHeaders,
            });
            if (issued.statusCode !== 200) {
              return reply.code(issued.statusCode).type('application/json').send(issued.body);
            }
            const body = issued.json<{ token: string; expires_at_millis: number }>();
            portalToken = { token: body.token, expiresAtMillis: body.expires_at_millis };
          }
          headers = { authorization: `Bearer ${portalToken.token}` };
        }
        const response = await request.server.inject({
          method: call.method,
          url: `/api/v1${path}`,
          headers: {
            ...headers,
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
        });
        const contentType = response.headers['content-type'];
        if (typeof contentType === 'string') reply.header('content-type', contentType);
        const knownError = response.headers['x-stack-known-error'];
        if (typeof knownError === 'string') reply.header('x-stack-known-error', knownError);
        return reply.code(response.statusCode).send(response.body);
      },
    });
  }

  // ---- reports of wrong matches (module match-reports), behind this module's guard ----

  await app.register(matchReportsAdminRoutes, { reports: matchReports });
}
