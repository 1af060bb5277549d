import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import type { SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { ApiKeyService } from './api-key-service.ts';
import { AttributionService } from './attribution-service.ts';
import { trackingBusinessRoutes } from './business-routes.ts';
import { DomainService } from './domain-service.ts';
import { trackingRoutes } from './routes.ts';
import { createTrackerScriptLoader } from './tracker-script.ts';
import { TrackingRepository } from './tracking-repository.ts';
import { TrackingService } from './tracking-service.ts';

export interface TrackingModuleOptions {
  db: Kysely<DatabaseSchema>;
  auth: AuthService;
  fetcher: SafeFetcher;
  /**
   * The app may reach private addresses (tests, local demos): then shops may also be verified
   * and send events over plain http.
   */
  allowHttp: boolean;
  /** The built snippet; packages/tracker/dist/tracker.js by default. */
  trackerScriptPath?: string;
}

const defaultTrackerScriptPath = fileURLToPath(
  new URL('../../../../../packages/tracker/dist/tracker.js', import.meta.url),
);

/** Merchant tracking: domains, keys, the tracking calls, conversions, attribution, tracker.js. */
export async function trackingModule(app: FastifyInstance, options: TrackingModuleOptions) {
  const repository = new TrackingRepository(options.db);
  const keys = new ApiKeyService(repository);
  const tracking = new TrackingService(repository, keys, { allowHttp: options.allowHttp });
  const domains = new DomainService(repository, options.fetcher, { allowHttp: options.allowHttp });
  const attribution = new AttributionService(repository);
  await app.register(trackingRoutes, {
    tracking,
    auth: options.auth,
    loadTrackerScript: createTrackerScriptLoader(
      options.trackerScriptPath ?? defaultTrackerScriptPath,
    ),
  });
  await app.register(trackingBusinessRoutes, { auth: options.auth, domains, keys, attribution });
}
