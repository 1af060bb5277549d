import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies, type AppSettings } from '../src/app.ts';
import type { TestDatabase } from './test-database.ts';

/** Settings for an app under test: quiet, mail to the outbox unless an SMTP URL is given. */
export function testSettings(overrides: Partial<AppSettings> = {}): AppSettings {
  return {
    logLevel: 'silent',
    env: 'test',
    publicUrl: 'http://localhost:3000',
    smtpUrl: null,
    mailFrom: 'ipick <no-reply@ipick.test>',
    fetchAllowPrivate: false,
    ...overrides,
  };
}

const databases = new WeakMap<FastifyInstance, TestDatabase>();

/** The test database an app of `buildTestApp` runs on (for factories that set up state). */
export function testDatabaseOf(app: FastifyInstance): TestDatabase {
  const database = databases.get(app);
  if (!database) throw new Error('This app was not built by buildTestApp');
  return database;
}

/** The whole app on a test database, ready for `inject`. */
export async function buildTestApp(
  testDb: TestDatabase,
  overrides: Partial<AppSettings> = {},
  extra: Pick<
    AppDependencies,
    'webRoot' | 'logStream' | 'trackerScriptPath' | 'priceAlertSweepMs' | 'identityOptions'
  > = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testSettings(overrides),
    database: testDb.database,
    migrationVersion: testDb.migrationVersion,
    ...extra,
  });
  await app.ready();
  databases.set(app, testDb);
  return app;
}
