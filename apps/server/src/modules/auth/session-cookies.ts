import type {} from '@fastify/cookie'; // adds request.cookies and reply.setCookie
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Shoppers and admins share one session cookie; merchants have their own identity (spec §6). */
export const SHOPPER_COOKIE = 'ipick_session';
export const BUSINESS_COOKIE = 'ipick_business_session';

/** Spec §9: the refresh cookie lives 365 days. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type SessionCookieName = typeof SHOPPER_COOKIE | typeof BUSINESS_COOKIE;

export function readSessionCookie(request: FastifyRequest, name: SessionCookieName): string | null {
  const value = request.cookies[name];
  return value && /^[a-z2-7]{45}$/.test(value) ? value : null;
}

/**
 * The cookie carries the identity session's refresh token: HttpOnly so scripts cannot read it,
 * SameSite=Lax so other sites cannot send it along with their writes.
 */
export function setSessionCookie(
  reply: FastifyReply,
  name: SessionCookieName,
  refreshToken: string,
  isSecure: boolean,
): void {
  void reply.setCookie(name, refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: '/',
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  name: SessionCookieName,
  isSecure: boolean,
): void {
  void reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: isSecure, path: '/' });
}
