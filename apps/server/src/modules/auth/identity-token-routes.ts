import type { FastifyInstance } from 'fastify';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import type { AuthService } from './auth-service.ts';
import { BUSINESS_COOKIE, readSessionCookie, SHOPPER_COOKIE } from './session-cookies.ts';

/**
 * `POST /api/auth/identity-token`: lets ipick's own pages call the identity API (`/api/v1`,
 * client tier) as whoever is signed in here, shopper first, else merchant: the project id,
 * publishable key and an access token that lives 10 minutes (null when nobody is signed in, for
 * the calls that need no user, such as an invitation's details). A POST that other sites may
 * not send, so no other page can read a token of the visitor's.
 */
export async function identityTokenRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  app.addHook('onRequest', refuseCrossSiteWrites);

  app.post('/api/auth/identity-token', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    for (const cookie of [SHOPPER_COOKIE, BUSINESS_COOKIE] as const) {
      const token = readSessionCookie(request, cookie);
      const current = token ? await auth.resolve(token, request.ip ?? null) : null;
      if (current) return auth.identityAccess(current);
    }
    return auth.identityAccess(null);
  });
}
