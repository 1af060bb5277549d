import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { CliAuth } from '../identity/cli/cli-auth.ts';
import { StatusError } from '../identity/core/known-errors.ts';
import type { AuthService } from './auth-service.ts';
import { readSessionCookie, setSessionCookie, SHOPPER_COOKIE } from './session-cookies.ts';

const cliConfirmBody = z.object({
  loginCode: z.string('The login code is missing').min(1, 'The login code is missing'),
});

/** Spec §8's words for a CLI login code that is expired or was already used. */
export const CLI_CODE_EXPIRED = 'CLI authentication request expired. Please try again.';

const identitySessionBody = z.object({
  refreshToken: z.string('The refresh token is missing').min(1, 'The refresh token is missing'),
});

/**
 * `POST /api/auth/identity-session`: ipick's pages sign in through the identity API for the
 * methods it runs in the browser (OAuth providers, passkeys, the two-factor step) and hand the
 * refresh token they got here, which keeps it in the shopper's httpOnly session cookie. Only
 * ipick's own pages may post it (a cross-site form could sign a visitor into someone else's
 * account).
 */
export async function identitySessionRoutes(
  app: FastifyInstance,
  { auth, isSecure, cliAuth }: { auth: AuthService; isSecure: boolean; cliAuth: CliAuth },
) {
  app.addHook('onRequest', refuseCrossSiteWrites);

  app.post('/api/auth/identity-session', async (request, reply) => {
    const { refreshToken } = parseRequestPart(identitySessionBody, request.body, 'body');
    const current = await auth.resolve(refreshToken, request.ip ?? null);
    if (!current)
      throw new AppError('unauthorized', 'That sign-in has ended. Please sign in again.');
    setSessionCookie(reply, SHOPPER_COOKIE, refreshToken, isSecure);
    return { success: true as const, user: await auth.toSessionUser(current.user) };
  });

  /**
   * `POST /api/auth/cli-confirm`: the /handler/cli-auth-confirm page approves a command-line
   * login for the signed-in shopper, whose refresh token stays in the cookie: the command line
   * then collects a session of its own.
   */
  app.post('/api/auth/cli-confirm', async (request) => {
    const { loginCode } = parseRequestPart(cliConfirmBody, request.body, 'body');
    const refreshToken = readSessionCookie(request, SHOPPER_COOKIE);
    const current = refreshToken ? await auth.resolve(refreshToken, request.ip ?? null) : null;
    if (!current || !refreshToken) throw new AppError('unauthorized', 'Sign in first.');
    try {
      await cliAuth.complete(current.user.projectId, {
        loginCode,
        refreshToken,
        currentUser: current.user,
        ip: request.ip ?? null,
      });
    } catch (error) {
      if (error instanceof StatusError) throw new AppError('invalid_code', CLI_CODE_EXPIRED);
      throw error;
    }
    return { success: true as const };
  });
}
