import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { errorHandlerPlugin } from './platform/http/error-handler.ts';
import { handleFrameworkError } from './platform/http/framework-errors.ts';
import { generateRequestId, REQUEST_ID_HEADER } from './platform/http/request-id.ts';
import { securityHeadersPlugin } from './platform/http/security-headers.ts';
import { singlePageAppPlugin } from './platform/http/single-page-app.ts';
import { healthRoutes } from './modules/health/routes.ts';

export interface AppDependencies {
  config: Pick<AppConfig, 'logLevel' | 'env'>;
  /** An open, migrated database; the caller owns it and closes it after the app. */
  database: Database;
  migrationVersion: number;
  /** Where the built web app lives; defaults to apps/web/dist. */
  webRoot?: string;
}

const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole HTTP app without listening (code-style §6): tests inject into it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.config.logLevel,
      // Cookies and tokens must never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: generateRequestId,
    frameworkErrors: handleFrameworkError,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(healthRoutes, {
    database: deps.database,
    migrationVersion: deps.migrationVersion,
  });
  await app.register(singlePageAppPlugin, { root: deps.webRoot ?? defaultWebRoot });
  return app;
}
