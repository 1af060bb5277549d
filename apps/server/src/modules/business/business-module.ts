import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { DashboardRepository } from './dashboard-repository.ts';
import { DashboardService, type DashboardServiceOptions } from './dashboard-service.ts';
import { dashboardRoutes } from './routes.ts';

export interface BusinessModuleOptions extends DashboardServiceOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
}

/** Merchant dashboard queries: summary, activity feed, analytics and its CSV export. */
export async function businessModule(app: FastifyInstance, options: BusinessModuleOptions) {
  const dashboard = new DashboardService(new DashboardRepository(options.db), {
    now: options.now,
  });
  await app.register(dashboardRoutes, { auth: options.auth, dashboard });
}
