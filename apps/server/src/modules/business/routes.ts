import {
  dashboardActivityQuerySchema,
  dashboardAnalyticsQuerySchema,
  dashboardRangeQuerySchema,
} from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { parseRequestPart } from '../../platform/http/validation.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { requireBusiness } from '../auth/business-session.ts';
import type { DashboardService } from './dashboard-service.ts';

interface DashboardRoutesOptions {
  auth: AuthService;
  dashboard: DashboardService;
}

/**
 * The merchant dashboard's figures under `/api/business/dashboard`, for the signed-in business
 * only: `summary`, `activity`, `analytics` and `analytics.csv`.
 */
export async function dashboardRoutes(
  app: FastifyInstance,
  { auth, dashboard }: DashboardRoutesOptions,
) {
  // A business's figures are its own: no shared cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get('/api/business/dashboard/summary', async (request) => {
    const business = await requireBusiness(request, auth);
    const query = parseRequestPart(dashboardRangeQuerySchema, request.query, 'query');
    return dashboard.summary(business.id, query);
  });

  app.get('/api/business/dashboard/activity', async (request) => {
    const business = await requireBusiness(request, auth);
    const query = parseRequestPart(dashboardActivityQuerySchema, request.query, 'query');
    return dashboard.activity(business.id, query);
  });

  app.get('/api/business/dashboard/analytics', async (request) => {
    const business = await requireBusiness(request, auth);
    const query = parseRequestPart(dashboardAnalyticsQuerySchema, request.query, 'query');
    return dashboard.analytics(business.id, query);
  });

  app.get('/api/business/dashboard/analytics.csv', async (request, reply) => {
    const business = await requireBusiness(request, auth);
    const query = parseRequestPart(dashboardAnalyticsQuerySchema, request.query, 'query');
    const { filename, csv } = await dashboard.analyticsCsv(business.id, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(csv);
  });
}
