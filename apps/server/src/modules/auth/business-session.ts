import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { BusinessRecord } from './auth-repository.ts';
import type { AuthService } from './auth-service.ts';
import { resolveMerchant, type MerchantActor } from './merchant-access.ts';

/**
 * The merchant signed in on this request and their business; 401 when there is none. On a
 * merchant route the guard (`merchant-access.ts`) has found them already, and checked that the
 * business's status allows the route.
 */
export async function requireMerchant(
  request: FastifyRequest,
  auth: AuthService,
): Promise<MerchantActor> {
  const merchant = request.merchant ?? (await resolveMerchant(request, auth));
  if (!merchant) throw new AppError('unauthorized', 'Sign in to your business account first.');
  return merchant;
}

/** The business whose merchant is signed in on this request; 401 when there is none. */
export async function requireBusiness(
  request: FastifyRequest,
  auth: AuthService,
): Promise<BusinessRecord> {
  return (await requireMerchant(request, auth)).business;
}
