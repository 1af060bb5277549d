import { businessRegisterRequestSchema, loginRequestSchema } from '@ipick/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { credentialAttemptLimit, mailSendingLimit } from '../../platform/http/rate-limits.ts';
import { accountGuesses, accountProbes } from '../../platform/http/guess-limits.ts';
import { refuseCrossSiteWrites } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import { toBusiness, type AuthService } from './auth-service.ts';
import { requireBusiness } from './business-session.ts';
import {
  BUSINESS_COOKIE,
  clearSessionCookie,
  readSessionCookie,
  setSessionCookie,
} from './session-cookies.ts';

const identitySessionBody = z.object({
  refreshToken: z.string('The refresh token is missing').min(1, 'The refresh token is missing'),
});

/** Said to someone whose OAuth or passkey sign-in worked but who runs no business. */
export const NOT_ON_A_BUSINESS_TEAM =
  "This account is not on any business's team. Ask the business's owner for an invitation, or register your business.";

interface BusinessRoutesOptions {
  auth: AuthService;
  isSecure: boolean;
}

/** Merchant accounts (spec §6, §7): `/api/business/auth/*`, with their own session cookie. */
export async function businessAuthRoutes(
  app: FastifyInstance,
  { auth, isSecure }: BusinessRoutesOptions,
) {
  app.addHook('onRequest', refuseCrossSiteWrites);
  const ipOf = (request: FastifyRequest) => request.ip ?? null;

  // Signing in and out needs no merchant session, and a suspended merchant may still sign out.
  const publicRoute = { config: { merchantAction: 'public' as const } };

  app.get('/api/business/auth/me', publicRoute, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const business = await requireBusiness(request, auth).catch(() => null);
    if (!business && request.cookies[BUSINESS_COOKIE]) {
      clearSessionCookie(reply, BUSINESS_COOKIE, isSecure);
    }
    return { business: business ? toBusiness(business) : null };
  });

  app.post(
    '/api/business/auth/register',
    { config: { rateLimit: mailSendingLimit, guesses: accountProbes, merchantAction: 'public' } },
    async (request, reply) => {
      const body = parseRequestPart(businessRegisterRequestSchema, request.body, 'body');
      const { business, refreshToken } = await auth.registerBusiness(body, ipOf(request));
      setSessionCookie(reply, BUSINESS_COOKIE, refreshToken, isSecure);
      return { success: true as const, business: toBusiness(business) };
    },
  );

  app.post(
    '/api/business/auth/login',
    {
      config: {
        rateLimit: credentialAttemptLimit,
        guesses: accountGuesses,
        merchantAction: 'public',
      },
    },
    async (request, reply) => {
      const body = parseRequestPart(loginRequestSchema, request.body, 'body');
      const { business, refreshToken } = await auth.signInBusiness(
        body.email,
        body.password,
        ipOf(request),
      );
      setSessionCookie(reply, BUSINESS_COOKIE, refreshToken, isSecure);
      return { success: true as const, business: toBusiness(business) };
    },
  );

  /**
   * `POST /api/business/auth/identity-session`: /business-login's OAuth and passkey sign-ins
   * run through the identity API in the browser, as the shopper's do, and hand their refresh
   * token here. It becomes a merchant session only when its user is on a business's staff;
   * otherwise that identity session is ended and the answer says why.
   */
  app.post('/api/business/auth/identity-session', publicRoute, async (request, reply) => {
    const { refreshToken } = parseRequestPart(identitySessionBody, request.body, 'body');
    const current = await auth.resolve(refreshToken, ipOf(request));
    if (!current) {
      throw new AppError('unauthorized', 'That sign-in has ended. Please sign in again.');
    }
    const business = await auth.findBusinessOf(current.user.id);
    if (!business) {
      await auth.signOut(refreshToken);
      throw new AppError('forbidden', NOT_ON_A_BUSINESS_TEAM);
    }
    setSessionCookie(reply, BUSINESS_COOKIE, refreshToken, isSecure);
    return { success: true as const, business: toBusiness(business) };
  });

  app.post('/api/business/auth/logout', publicRoute, async (request, reply) => {
    const token = readSessionCookie(request, BUSINESS_COOKIE);
    if (token) await auth.signOut(token);
    clearSessionCookie(reply, BUSINESS_COOKIE, isSecure);
    return { success: true as const };
  });
}
