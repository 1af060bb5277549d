import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { AuthService, CurrentSession } from './auth-service.ts';
import { readSessionCookie, SHOPPER_COOKIE } from './session-cookies.ts';

/** The shopper signed in on this request (the `ipick_session` cookie), or null. */
export async function optionalShopper(
  request: FastifyRequest,
  auth: AuthService,
): Promise<CurrentSession | null> {
  const token = readSessionCookie(request, SHOPPER_COOKIE);
  return token ? auth.resolve(token, request.ip ?? null) : null;
}

/** The shopper signed in on this request; 401 with `message` when there is none. */
export async function requireShopper(
  request: FastifyRequest,
  auth: AuthService,
  message = 'Sign in first.',
): Promise<CurrentSession> {
  const current = await optionalShopper(request, auth);
  if (!current) throw new AppError('unauthorized', message);
  return current;
}
