import {
  conversionRequestSchema,
  referralTrackingRequestSchema,
  trackEventRequestSchema,
} from '@ipick/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { refuseCrossSiteRequests } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { optionalShopper } from '../auth/shopper-session.ts';
import { detectCallerBot } from '../referral/visitor.ts';
import type { TrackerScript } from './tracker-script.ts';
import type { TrackingService } from './tracking-service.ts';

interface TrackingRoutesOptions {
  tracking: TrackingService;
  auth: AuthService;
  loadTrackerScript: () => Promise<TrackerScript | null>;
}

/** Events are small; a bigger body is a mistake or abuse. */
const EVENT_BODY_LIMIT = 16 * 1024;
const eventLimit = { max: 600, timeWindow: '1 minute' };
const referralLimit = { max: 120, timeWindow: '1 minute' };
const conversionLimit = { max: 1200, timeWindow: '1 minute' };
/**
 * The referral-tracking call reads the shopper's session cookie, so only ipick's own pages may
 * make it; it changes no account, so the usual refusal's words would mislead.
 */
const refuseCrossSiteReferrals = refuseCrossSiteRequests(
  "Referrals can be tracked only from ipick's own pages; this request came from another site.",
);
/** Merchants' pages pick up a new snippet within the hour; until then the ETag makes it cheap. */
const TRACKER_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * The calls from outside ipick's own pages, and the referral-tracking call of the web app
 * (spec §7; contracts in packages/contracts/src/tracking.ts):
 * - `POST /api/track/referral`: spec §4's `{ success, referralId, targetUrl }`, or for every
 *   failure `{ success: false, error, code }` (400 bad body, 403 suspended merchant or a call
 *   from another site, 404 unknown merchant, 429, 500);
 * - `POST /api/track/event` (and its CORS preflight): ipick's snippet on a merchant page; 200,
 *   400 naming the field, 401 bad key, 403 origin not verified. From ipick's own pages (the
 *   tracking test page) any active business's key is accepted, and the event is a test event;
 * - `POST /api/conversions`: merchants' servers with a secret key; 201, or 200 for a repeat;
 * - `GET /tracker.js`: the snippet.
 */
export async function trackingRoutes(
  app: FastifyInstance,
  { tracking, auth, loadTrackerScript }: TrackingRoutesOptions,
) {
  app.post(
    '/api/track/referral',
    {
      onRequest: refuseCrossSiteReferrals,
      // Spec §4 gives this call's failures their own shape: the web app reads `success`.
      config: { rateLimit: referralLimit, answersWithSuccess: true },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const body = parseRequestPart(referralTrackingRequestSchema, request.body, 'body');
      const shopper = await optionalShopper(request, auth).catch(() => null);
      // A bot running ipick's page (a crawler, a headless browser) is no shopper referred.
      const bot = detectCallerBot(request);
      const result = await tracking.trackReferral(body, shopper?.user.id ?? null, bot);
      return { success: true as const, ...result };
    },
  );

  app.options('/api/track/event', { onRequest: answerAnyOrigin }, async (request, reply) => {
    const origin = request.headers.origin;
    void reply.header('vary', 'Origin');
    if (!(await tracking.isVerifiedOrigin(origin))) {
      throw new AppError('forbidden', 'This origin is not a verified merchant domain on ipick.');
    }
    return reply
      .code(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type, x-ipick-key')
      .header('access-control-max-age', '600')
      .send();
  });

  app.post(
    '/api/track/event',
    { bodyLimit: EVENT_BODY_LIMIT, onRequest: answerAnyOrigin, config: { rateLimit: eventLimit } },
    async (request, reply) => {
      const origin = request.headers.origin;
      void reply.header('vary', 'Origin').header('cache-control', 'no-store');
      try {
        // navigator.sendBeacon cannot set headers and sends strings as text/plain.
        const raw = typeof request.body === 'string' ? parseJson(request.body) : request.body;
        const sender = await tracking.authorizeBrowser(keyOf(request, raw), origin, {
          isIpickPage: isIpickOrigin(origin, request.headers.host),
        });
        allowOrigin(reply, sender.origin);
        const body = parseRequestPart(trackEventRequestSchema, raw, 'body');
        return { success: true as const, ...(await tracking.recordEvent(sender, body)) };
      } catch (error) {
        // The shop's own developers may read why an event was refused.
        if (origin && !reply.hasHeader('access-control-allow-origin')) {
          if (await tracking.isVerifiedOrigin(origin)) allowOrigin(reply, origin);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/conversions',
    { config: { rateLimit: conversionLimit } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (request.headers.origin !== undefined) {
        throw new AppError(
          'forbidden',
          'The conversion API is for servers: keep secret keys out of web pages.',
        );
      }
      if (!isJsonRequest(request)) {
        // Fastify reads text/plain as a string, which the schema would call "a string".
        throw new AppError(
          'unsupported_media_type',
          'body: must be JSON sent with Content-Type: application/json',
        );
      }
      const key = bearerToken(request.headers.authorization);
      const body = parseRequestPart(conversionRequestSchema, request.body, 'body');
      const result = await tracking.recordConversion(key, body);
      return reply.code(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get('/tracker.js', async (request, reply) => {
    const script = await loadTrackerScript();
    if (!script) {
      request.log.warn('tracker.js is not built; run `npm run build`');
      throw new AppError('not_found', 'The ipick snippet is not built yet.');
    }
    void reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', TRACKER_CACHE_CONTROL)
      .header('etag', script.etag)
      // Merchants' pages load it from their own origin.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === script.etag) return reply.code(304).send();
    return reply.send(script.body);
  });
}

/**
 * The snippet's answers are read from shops' pages. `sendBeacon` fetches without CORS, so the
 * usual `Cross-Origin-Resource-Policy: same-origin` would make the browser block every answer,
 * refusals included, and print a "blocked by response" error in the shop's console for each
 * event instead of ipick's status.
 */
async function answerAnyOrigin(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cross-origin-resource-policy', 'cross-origin');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('invalid_json', 'The body is not valid JSON.');
  }
}

/** The publishable key: `x-ipick-key`, else `?key=` (sendBeacon), else `publishableKey`. */
function keyOf(request: FastifyRequest, body: unknown): string | undefined {
  const header = request.headers['x-ipick-key'];
  if (typeof header === 'string' && header !== '') return header.trim();
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.key === 'string' && query.key !== '') return query.key.trim();
  const fromBody = (body as { publishableKey?: unknown } | null)?.publishableKey;
  return typeof fromBody === 'string' && fromBody !== '' ? fromBody.trim() : undefined;
}

/**
 * Whether the page that sent a request is one of ipick's own: its origin names the host the
 * request was sent to. Browsers set `Origin` themselves, so another site cannot pass for ipick.
 */
function isIpickOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Whether the request says its body is JSON (`application/json`, any parameters). */
function isJsonRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

function allowOrigin(reply: FastifyReply, origin: string): void {
  void reply.header('access-control-allow-origin', origin);
}
