import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GuessCounting } from '../../../platform/http/guess-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { clientOrHigher, requireAccess, resolveRequestContext } from '../core/request-context.ts';
import { mfaSignInBody } from './api-schemas.ts';
import type { Mfa } from './mfa.ts';

interface MfaRoutesOptions {
  identity: IdentityCore & { mfa: Mfa };
}

/** Two-factor sign-in (stack-auth.md §3.3); enabling it is `totp_secret_base64` on the user. */
export async function mfaRoutes(app: FastifyInstance, { identity }: MfaRoutesOptions) {
  const { mfa } = identity;
  const context = (request: FastifyRequest) => resolveRequestContext(request, identity);

  // Wrong codes count against the account whose sign-in the attempt code continues, from this
  // address and from all (spec §8: 429 with Retry-After once spent), as wrong passwords do.
  const accountOfAttempt = new WeakMap<FastifyRequest, string>();
  const totpGuesses: GuessCounting = {
    accountOf: (request) => {
      const userId = accountOfAttempt.get(request);
      return userId ? `totp:${userId}` : null;
    },
  };

  app.post(
    '/auth/mfa/sign-in',
    {
      config: { guesses: totpGuesses },
      // Before the guess limits look at the request (they run in preHandler).
      preValidation: async (request) => {
        const code = (request.body as { code?: unknown } | undefined)?.code;
        if (typeof code !== 'string' || code.length > 256) return;
        const userId = await mfa.userOfAttempt(code.trim());
        if (userId) accountOfAttempt.set(request, userId);
      },
    },
    async (request) => {
      const ctx = requireAccess(await context(request), clientOrHigher);
      const body = parseIdentityInput(mfaSignInBody, request.body, 'body');
      const result = await mfa.signIn(ctx.project.id, {
        attemptCode: body.code,
        totp: body.totp,
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
