import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lazyChildLoggerFactory } from '../../platform/http/lazy-request-logger.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { readSessionCookie, SHOPPER_COOKIE } from '../auth/session-cookies.ts';
import {
  isLocalPath,
  renderInterstitialPage,
  renderRedirectErrorPage,
} from './interstitial-page.ts';
import { readRedirectQuery } from './redirect-query.ts';
import type { ReferralService } from './referral-service.ts';
import { readVisitor } from './visitor.ts';

interface ReferralRoutesOptions {
  referral: ReferralService;
  auth: AuthService;
}

/**
 * `GET /api/redirect` (and HEAD, which Fastify adds): ipick's outbound link (spec §7; contract
 * in packages/contracts/src/referral.ts). The click is committed before the answer.
 */
export async function referralRoutes(
  app: FastifyInstance,
  { referral, auth }: ReferralRoutesOptions,
) {
  // The pages' security headers are off for this route only: the headers that matter here are
  // fixed (`redirectHeaders`, `pageHeaders`) and stricter than the global ones, and a 302 has
  // no page for the rest to protect, while each header costs every click (bench/redirect.ts).
  app.get(
    '/api/redirect',
    {
      // No pino child per click: the route logs only when a click could not be recorded.
      childLoggerFactory: lazyChildLoggerFactory,
      // A shopper who follows a broken link reads what is wrong and finds the way back, rather
      // than the JSON an API client gets.
      config: {
        securityHeaders: false,
        errorPage: (error, request) =>
          renderRedirectErrorPage(error.error, backPathOf(request.query)),
      },
      // Runs before the error handler, also for an error from a global hook (a NUL character
      // in the query), so every error answer has the page's headers; free on the way to a 302.
      onError: (_request, reply, _error, done) => {
        void reply.headers(pageHeaders);
        done();
      },
    },
    async (request, reply) => {
      const { query, destination } = readRedirectQuery(request.query);
      const pendingUserId = signedInUserId(request, auth);
      const userId = pendingUserId === null ? null : await pendingUserId;
      const result = await referral.follow(query, readVisitor(request), userId, destination);
      if (result.recordError) {
        // Spec §8: a referral that could not be tracked is logged; the visitor still goes on.
        request.log.error({ err: result.recordError }, 'could not record an outbound click');
      }
      if (result.isTrusted) return reply.headers(redirectHeaders).redirect(result.location, 302);
      return reply
        .headers(pageHeaders)
        .type('text/html; charset=utf-8')
        .send(renderInterstitialPage(result.location, backPathOf(query)));
    },
  );
}

/**
 * Every answer: never cached (each click is counted), not indexed, and the retailer learns only
 * that the visitor came from ipick. A 302 has no body for a browser to show, so it needs no
 * more; every header costs each of the redirect's many answers.
 */
const redirectHeaders = {
  'cache-control': 'no-store',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-robots-tag': 'noindex, nofollow',
};

/**
 * The "you are leaving ipick" page (and errors) also cannot be framed or sniffed, and needs no
 * script, frame or form, so its policy allows none.
 */
const pageHeaders = {
  ...redirectHeaders,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
};

/** The ipick page the link was on (`from`), if it is one of ipick's own; else the home page. */
function backPathOf(query: unknown): string {
  const from =
    typeof query === 'object' && query !== null ? (query as { from?: unknown }).from : undefined;
  return typeof from === 'string' && isLocalPath(from) ? from : '/';
}

/**
 * The signed-in shopper's id; null at once without a session cookie (most clicks, and no
 * promise to wait on), and a lookup that fails is no user.
 */
function signedInUserId(request: FastifyRequest, auth: AuthService): Promise<string | null> | null {
  const token = readSessionCookie(request, SHOPPER_COOKIE);
  if (!token) return null;
  return auth.resolve(token, request.ip ?? null).then(
    (session) => session?.user.id ?? null,
    (error: unknown) => {
      request.log.warn({ err: error }, 'could not resolve the session of a click');
      return null;
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Outbound links: `signRedirect` for the modules that hand out links, ledger figures for tests. */
    referral: ReferralService;
  }
}
