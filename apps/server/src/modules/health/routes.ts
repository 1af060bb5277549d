import type { HealthResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import type { ShipperHealth } from '../click-journal/click-shipper.ts';

interface HealthRoutesOptions {
  database: Database;
  migrationVersion: number;
  /** The click journal's backlog, when clicks go through one. */
  clickJournal?: { health(): ShipperHealth } | null;
}

/**
 * `GET /api/health`: status, database kind and migration version (503 when the db is down), and
 * the click journal's backlog and its age.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions) {
  const { database, migrationVersion } = options;
  app.get('/api/health', async (_request, reply): Promise<HealthResponse> => {
    const isAvailable = await database.isAvailable();
    reply.header('cache-control', 'no-store');
    if (!isAvailable) reply.code(503);
    return {
      status: isAvailable ? 'ok' : 'unavailable',
      database: { kind: database.kind, migrationVersion },
      uptimeSeconds: Math.round(process.uptime()),
      ...(options.clickJournal ? { clickJournal: options.clickJournal.health() } : {}),
    };
  });
}
