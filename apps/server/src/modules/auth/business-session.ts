import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { BusinessRecord } from './auth-repository.ts';
import type { AuthService } from './auth-service.ts';
import { BUSINESS_COOKIE, readSessionCookie } from './session-cookies.ts';

/** The business whose merchant is signed in on this request; 401 when there is none. */
export async function requireBusiness(
  request: FastifyRequest,
  auth: AuthService,
): Promise<BusinessRecord> {
  const token = readSessionCookie(request, BUSINESS_COOKIE);
  const current = token ? await auth.resolve(token, request.ip ?? null) : null;
  const business = current ? await auth.findBusinessOf(current.user.id) : undefined;
  if (!business) throw new AppError('unauthorized', 'Sign in to your business account first.');
  return business;
}
