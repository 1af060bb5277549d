import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { AuthService, CurrentSession } from './auth-service.ts';
import { readSessionCookie, SHOPPER_COOKIE } from './session-cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on every `/api/admin` request it lets through. */
    admin: CurrentSession | null;
  }
}

/**
 * The guard in front of every admin API route (spec §6; code-style §8: decided on the server):
 * signed-out callers (and disabled users) get 401, signed-in non-admins 403. The admin module
 * adds it once for the whole `/api/admin` prefix.
 */
export function adminGuard(auth: AuthService) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    const token = readSessionCookie(request, SHOPPER_COOKIE);
    const current = token ? await auth.resolve(token, request.ip ?? null) : null;
    if (!current) throw new AppError('unauthorized', 'Sign in as an admin first.');
    if (!(await auth.isAdmin(current.user.id))) {
      throw new AppError('forbidden', 'This account does not have admin access.');
    }
    request.admin = current;
  };
}
