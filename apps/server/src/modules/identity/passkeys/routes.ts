import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentialAttemptLimit } from '../../../platform/http/rate-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { clientOrHigher, requireAccess, resolveRequestContext } from '../core/request-context.ts';
import { requireUser } from '../core/route-helpers.ts';
import { emptyBody, registerBody, signInBody } from './api-schemas.ts';
import type { Passkeys } from './passkeys.ts';

interface PasskeyRoutesOptions {
  identity: IdentityCore & { passkeys: Passkeys };
}

/** Passkeys (stack-auth.md §3.5): register while signed in, sign in with one. */
export async function passkeyRoutes(app: FastifyInstance, { identity }: PasskeyRoutesOptions) {
  const { passkeys } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);

  app.post('/auth/passkey/initiate-passkey-registration', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    parseIdentityInput(emptyBody, request.body, 'body');
    return passkeys.initiateRegistration(ctx.project, requireUser(ctx));
  });

  app.post('/auth/passkey/register', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const body = parseIdentityInput(registerBody, request.body, 'body');
    return passkeys.register(ctx.project, requireUser(ctx), {
      // Checked in shape here; SimpleWebAuthn checks every byte.
      credential: body.credential,
      code: body.code,
    });
  });

  app.post('/auth/passkey/initiate-passkey-authentication', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    parseIdentityInput(emptyBody, request.body, 'body');
    return passkeys.initiateAuthentication(ctx.project);
  });

  app.post(
    '/auth/passkey/sign-in',
    { config: { rateLimit: credentialAttemptLimit } },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(signInBody, request.body, 'body');
      const result = await passkeys.signIn(ctx.project, {
        response: body.authentication_response,
        code: body.code,
        ip: request.ip ?? null,
      });
      return {
        access_token: result.accessToken,
        refresh_token: result.refreshToken,
        user_id: result.user.id,
        is_new_user: false,
      };
    },
  );
}
