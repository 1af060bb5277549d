import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentialAttemptLimit } from '../../../platform/http/rate-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { clientOrHigher, requireAccess, resolveRequestContext } from '../core/request-context.ts';
import { StatusError } from '../core/known-errors.ts';
import { requireUser, success } from '../core/route-helpers.ts';
import { emptyBody, passkeyParams, registerBody, signInBody } from './api-schemas.ts';
import type { PasskeyRow } from './passkeys-repository.ts';
import type { Passkeys } from './passkeys.ts';

interface PasskeyRoutesOptions {
  identity: IdentityCore & { passkeys: Passkeys };
}

/**
 * Passkeys (stack-auth.md §3.5): register while signed in, sign in with one. Stack Auth's API
 * names no endpoint to list or remove a user's passkeys; ipick's account settings need both, so
 * they sit beside the others as `/auth/passkey/credentials` (client tier, the signed-in user's).
 */
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

  app.get('/auth/passkey/credentials', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const user = requireUser(ctx);
    const items = (await passkeys.list(ctx.project.id, user.id)).map(toPasskeyShape);
    return { items, is_paginated: false };
  });

  app.delete('/auth/passkey/credentials/:passkeyId', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    const { passkeyId } = parseIdentityInput(passkeyParams, request.params, 'params');
    if (!(await passkeys.remove(ctx.project.id, requireUser(ctx).id, passkeyId))) {
      throw new StatusError(404, 'Passkey not found.');
    }
    return success;
  });
}

/** What a user sees of a passkey: never its key or credential id. */
function toPasskeyShape(passkey: PasskeyRow) {
  return {
    id: passkey.id,
    device_type: passkey.device_type,
    backed_up: passkey.backed_up,
    created_at_millis: new Date(passkey.created_at).getTime(),
    last_used_at_millis: passkey.last_used_at ? new Date(passkey.last_used_at).getTime() : null,
  };
}
