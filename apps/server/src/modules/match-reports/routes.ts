import {
  adminMatchReportsQuerySchema,
  createMatchReportRequestSchema,
  matchReportIdParamsSchema,
  MATCH_REPORTS_PER_HOUR_PER_ACCOUNT,
  MATCH_REPORTS_PER_HOUR_PER_ADDRESS,
  updateMatchReportNoteRequestSchema,
} from '@ipick/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuseCrossSiteRequests } from '../../platform/http/same-origin-writes.ts';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { optionalShopper } from '../auth/shopper-session.ts';
import type { MatchReportsService, Reporter } from './match-reports-service.ts';

interface MatchReportsRoutesOptions {
  auth: AuthService;
  reports: MatchReportsService;
}

/**
 * Who is reporting, resolved once per request: the rate limit (which runs first) and the
 * handler both need it.
 */
const reporters = new WeakMap<FastifyRequest, Promise<Reporter>>();

function reporterOf(request: FastifyRequest, auth: AuthService): Promise<Reporter> {
  let reporter = reporters.get(request);
  if (!reporter) {
    reporter = optionalShopper(request, auth).then((current) => ({
      userId: current?.user.id ?? null,
    }));
    reporters.set(request, reporter);
  }
  return reporter;
}

/**
 * Reports are open to shoppers who are not signed in, so they are limited: per account when
 * signed in, else per address. Each route counts apart (adding notes has a limit of its own).
 */
function reportLimit(auth: AuthService) {
  return {
    timeWindow: '1 hour',
    keyGenerator: async (request: FastifyRequest) => {
      const { userId } = await reporterOf(request, auth);
      return userId ? `account:${userId}` : `address:${request.ip}`;
    },
    max: (_request: FastifyRequest, key: string) =>
      key.startsWith('account:')
        ? MATCH_REPORTS_PER_HOUR_PER_ACCOUNT
        : MATCH_REPORTS_PER_HOUR_PER_ADDRESS,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number; max: number }) => {
      const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
      const error = new Error(
        `You have sent ${context.max} reports in the last hour, the most ipick takes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      ) as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  };
}

/**
 * A shopper's report of a wrong match: `POST /api/match-reports` (signed in or not) and
 * `PATCH /api/match-reports/:id` to add a note to it.
 */
export async function matchReportsRoutes(
  app: FastifyInstance,
  { auth, reports }: MatchReportsRoutesOptions,
) {
  app.addHook('onRequest', refuseCrossSiteRequests('Reports can only be sent from ipick itself.'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const rateLimit = reportLimit(auth);

  app.post('/api/match-reports', { config: { rateLimit } }, async (request, reply) => {
    const body = parseRequestPart(createMatchReportRequestSchema, request.body, 'body');
    const { receipt, isNew } = await reports.report(body, await reporterOf(request, auth));
    return reply.code(isNew ? 201 : 200).send({ report: receipt });
  });

  app.patch('/api/match-reports/:id', { config: { rateLimit } }, async (request) => {
    const { id } = parseRequestPart(matchReportIdParamsSchema, request.params, 'params');
    const { note } = parseRequestPart(updateMatchReportNoteRequestSchema, request.body, 'body');
    return { report: await reports.updateNote(id, note, await reporterOf(request, auth)) };
  });
}

/** Who is reviewing: the admin the admin guard let in. */
function adminUserId(request: FastifyRequest): string {
  return request.admin!.user.id;
}

/**
 * The admins' queue: `GET /api/admin/match-reports`, `POST /api/admin/match-reports/:id/confirm`
 * and `/reject`. Registered inside the admin module, behind its guard (every route listed in
 * `ADMIN_ENDPOINTS`).
 */
export async function matchReportsAdminRoutes(
  app: FastifyInstance,
  { reports }: { reports: MatchReportsService },
) {
  app.get('/match-reports', async (request) => {
    const { status, page } = parseRequestPart(adminMatchReportsQuerySchema, request.query, 'query');
    return reports.list(status, page);
  });

  const reportId = (request: FastifyRequest) =>
    parseRequestPart(matchReportIdParamsSchema, request.params, 'params').id;

  app.post('/match-reports/:id/confirm', async (request) => ({
    report: await reports.review(reportId(request), 'confirmed', adminUserId(request)),
  }));
  app.post('/match-reports/:id/reject', async (request) => ({
    report: await reports.review(reportId(request), 'rejected', adminUserId(request)),
  }));
}
