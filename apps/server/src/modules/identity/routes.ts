import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { handleIdentityError } from './core/api-errors.ts';
import { adminRoutes } from './admin/routes.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { cliRoutes } from './cli/routes.ts';
import { emailRoutes } from './email/routes.ts';
import { StatusError } from './core/known-errors.ts';
import { contactChannelRoutes } from './contact-channels/routes.ts';
import { notificationPreferenceRoutes } from './notification-preferences/routes.ts';
import { coreRoutes } from './core/routes.ts';
import { mfaRoutes } from './mfa/routes.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { passkeyRoutes } from './passkeys/routes.ts';
import type { Identity } from './identity.ts';
import { permissionRoutes } from './permissions/routes.ts';
import { invitationRoutes } from './teams/invitation-routes.ts';
import { teamRoutes } from './teams/routes.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { aiChatRoutes } from './ai-chat/routes.ts';

interface IdentityRoutesOptions {
  identity: Identity;
}

/**
 * Serves `/api/latest/...` as `/api/v1/...` (stack-auth.md §1.1): upstream's newest version is
 * `latest`, and v1 is the only version here. For Fastify's `rewriteUrl`, so that both paths
 * reach the same routes (and share their rate limits).
 */
export function rewriteLatestApiUrl(request: { url?: string }): string {
  const url = request.url ?? '/';
  return /^\/api\/latest(?=[/?]|$)/.test(url) ? `/api/v1${url.slice('/api/latest'.length)}` : url;
}

/**
 * The identity API under `/api/v1`, compatible with the Stack Auth REST API (stack-auth.md).
 * Sets what every identity route shares (error contract, CORS, caching) and registers each
 * capability's routes.
 */
export async function identityRoutes(app: FastifyInstance, { identity }: IdentityRoutesOptions) {
  await app.register(formBody); // the OAuth token endpoint is form-encoded
  app.setErrorHandler(handleIdentityError);
  // Thrown, not sent, so that a 404 honours override-error-status like every other 4xx (§1.5).
  app.setNotFoundHandler((request) => {
    throw new StatusError(404, `No identity endpoint ${request.method} ${request.url}`);
  });

  // Browsers call this API from other origins with keys, never cookies (stack-auth.md §1.7);
  // they may read Retry-After, so a page can say when to try again after a 429.
  app.addHook('onSend', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header(
      'access-control-expose-headers',
      'content-type, retry-after, x-stack-actual-status, x-stack-known-error, x-hexclave-actual-status, x-hexclave-known-error',
    );
    // Nothing is cached unless a route says otherwise (the JWKS does).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store, max-age=0');
  });
  app.options('/*', async (request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
      .header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? '*',
      )
      .header('access-control-max-age', '86400')
      .code(204)
      .send(),
  );

  await app.register(coreRoutes, { identity });
  await app.register(cliRoutes, { identity });
  await app.register(mfaRoutes, { identity });
  await app.register(oauthRoutes, { identity });
  await app.register(passkeyRoutes, { identity });
  await app.register(teamRoutes, { identity });
  await app.register(permissionRoutes, { identity });
  await app.register(invitationRoutes, { identity });
  await app.register(contactChannelRoutes, { identity });
  await app.register(notificationPreferenceRoutes, { identity });
  await app.register(apiKeyRoutes, { identity });
  await app.register(adminRoutes, { identity });
  await app.register(emailRoutes, { identity });
  await app.register(webhookRoutes, { identity });
  await app.register(paymentRoutes, { identity });
  await app.register(aiChatRoutes, { identity });
}
