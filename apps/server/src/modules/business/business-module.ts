import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { AttributionService } from '../tracking/attribution-service.ts';
import { TrackingRepository } from '../tracking/tracking-repository.ts';
import { DashboardRepository } from './dashboard-repository.ts';
import { DashboardService, type DashboardServiceOptions } from './dashboard-service.ts';
import { dashboardRoutes } from './routes.ts';

export interface BusinessModuleOptions extends DashboardServiceOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
}

/**
 * Merchant dashboard queries: summary, activity feed, analytics and its CSV export. Which
 * conversions count is module tracking's attribution, read through its service.
 */
export async function businessModule(app: FastifyInstance, options: BusinessModuleOptions) {
  const attribution = new AttributionService(new TrackingRepository(options.db), {
    now: options.now,
  });
  const dashboard = new DashboardService(new DashboardRepository(options.db), attribution, {
    now: options.now,
  });
  await app.register(dashboardRoutes, { auth: options.auth, dashboard });
}
