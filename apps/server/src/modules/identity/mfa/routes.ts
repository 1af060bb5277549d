import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GuessCounting } from '../../../platform/http/guess-limits.ts';
import { parseIdentityInput } from '../core/api-errors.ts';
import type { IdentityCore } from '../core/identity-core.ts';
import { clientOrHigher, requireAccess, resolveRequestContext } from '../core/request-context.ts';
import { emptyBody, mfaRecoverySignInBody, mfaSignInBody } from './api-schemas.ts';
import { requireUser } from '../core/route-helpers.ts';
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

  const totpSignIn = async (projectId: string, request: FastifyRequest) => {
    const body = parseIdentityInput(mfaSignInBody, request.body, 'body');
    return mfa.signIn(projectId, {
      attemptCode: body.code,
      totp: body.totp,
      ip: request.ip ?? null,
    });
  };
  const recoverySignIn = async (projectId: string, request: FastifyRequest) => {
    const body = parseIdentityInput(mfaRecoverySignInBody, request.body, 'body');
    return mfa.signInWithRecoveryCode(projectId, {
      attemptCode: body.code,
      recoveryCode: body.recovery_code,
      ip: request.ip ?? null,
    });
  };

  /**
   * ipick extension: ten single-use recovery codes for the signed-in user, who must have
   * two-factor on; a new set replaces the old. `GET` says how many are left unused.
   */
  app.post('/auth/mfa/recovery-codes', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    parseIdentityInput(emptyBody, request.body ?? {}, 'body');
    return { recovery_codes: await mfa.createRecoveryCodes(requireUser(ctx)) };
  });

  app.get('/auth/mfa/recovery-codes', async (request) => {
    const ctx = requireAccess(await context(request), clientOrHigher);
    return { unused_count: await mfa.unusedRecoveryCodes(requireUser(ctx)) };
  });

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
      const result = isRecoveryCodeSignIn(request.body)
        ? await recoverySignIn(ctx.project.id, request)
        : await totpSignIn(ctx.project.id, request);
      return {
        access_token: result.accessToken,
        refresh_token: result.refreshToken,
        user_id: result.user.id,
        is_new_user: false,
      };
    },
  );
}

function isRecoveryCodeSignIn(body: unknown): boolean {
  return (body as { type?: unknown } | null | undefined)?.type === 'recovery_code';
}
