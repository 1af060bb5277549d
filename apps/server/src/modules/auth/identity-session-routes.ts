import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from './auth-service.ts';
import { setSessionCookie, SHOPPER_COOKIE } from './session-cookies.ts';

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
  { auth, isSecure }: { auth: AuthService; isSecure: boolean },
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
}
