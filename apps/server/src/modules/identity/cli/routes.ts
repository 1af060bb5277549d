import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pendingSignInStartLimit } from '../../../platform/http/rate-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { clientOrHigher, requireAccess, resolveRequestContext } from '../core/request-context.ts';
import { success } from '../core/route-helpers.ts';
import { cliCompleteBody, cliPollBody, cliStartBody } from './api-schemas.ts';
import { DEFAULT_CLI_AUTH_LIFETIME_MS, type CliAuth } from './cli-auth.ts';

interface CliRoutesOptions {
  identity: IdentityCore & { cliAuth: CliAuth };
}

/** CLI login (stack-auth.md §3.8): start, poll and the confirm page's complete. */
export async function cliRoutes(app: FastifyInstance, { identity }: CliRoutesOptions) {
  const { cliAuth } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);

  app.post('/auth/cli', { config: { rateLimit: pendingSignInStartLimit } }, async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const body = parseIdentityInput(cliStartBody, request.body, 'body');
    const attempt = await cliAuth.start(ctx.project.id, {
      lifetimeMs: body.expires_in_millis ?? DEFAULT_CLI_AUTH_LIFETIME_MS,
      anonRefreshToken: body.anon_refresh_token,
      ip: request.ip ?? null,
    });
    return {
      polling_code: attempt.pollingCode,
      login_code: attempt.loginCode,
      expires_at: attempt.expiresAt.toISOString(),
    };
  });

  app.post('/auth/cli/poll', async (request, reply) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const body = parseIdentityInput(cliPollBody, request.body, 'body');
    const result = await cliAuth.poll(ctx.project.id, body.polling_code);
    // The clients take exactly 201 as success (stack-auth.md §3.8).
    if (result.status === 'success') {
      return reply.code(201).send({ status: 'success', refresh_token: result.refreshToken });
    }
    return { status: result.status };
  });

  app.post('/auth/cli/complete', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const body = parseIdentityInput(cliCompleteBody, request.body, 'body');
    if (body.mode === 'check') {
      return { cli_session_state: await cliAuth.sessionState(ctx.project.id, body.login_code) };
    }
    if (body.mode === 'claim-anon-session') {
      const session = await cliAuth.claimAnonymousSession(ctx.project.id, body.login_code);
      return { access_token: session.accessToken, refresh_token: session.refreshToken };
    }
    await cliAuth.complete(ctx.project.id, {
      loginCode: body.login_code,
      refreshToken: body.refresh_token!,
      currentUser: ctx.user,
      ip: request.ip ?? null,
    });
    return success;
  });
}
