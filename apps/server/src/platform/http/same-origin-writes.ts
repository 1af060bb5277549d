import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes: a write must come from ipick's own pages.
 * Browsers send `Origin` (and `Sec-Fetch-Site`) with every cross-site write; other clients
 * (curl, tests) send neither and carry no browser cookies to abuse. SameSite=Lax cookies are
 * the first line; this is the second.
 */
export const refuseCrossSiteWrites = refuseCrossSiteRequests(
  'Cross-site requests cannot change your account.',
);

/** The same defence, refusing with `message` (`forbidden`): the words fit the route. */
export function refuseCrossSiteRequests(message: string) {
  return async function refuseCrossSite(request: FastifyRequest): Promise<void> {
    if (readMethods.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
      throw new AppError('forbidden', message);
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      // "null" or garbage: treated as foreign below
    }
    if (originHost !== request.headers.host) throw new AppError('forbidden', message);
  };
}
