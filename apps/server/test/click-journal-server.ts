// A server process for the click journal's crash test: ipick with its click journal on, on the
// database the environment names (DATABASE_URL, else PGlite in IPICK_DATA_DIR). It prints
// `{"port":…}` once it listens; the test kills it with SIGKILL. With IPICK_TEST_ROLLUP_DELAY_MS
// it also runs the dashboard roll-up job that long after it starts, logging to standard output.
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { startDashboardRollups } from '../src/modules/business/rollup-job.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { testSettings } from './test-app.ts';

const url = process.env.DATABASE_URL;
const database = await openDatabase(
  url
    ? { kind: 'postgres', url, maxConnections: 4 }
    : { kind: 'pglite', dataDir: process.env.IPICK_DATA_DIR! },
);
const { version } = await migrate(database.db);
const app = await buildApp({
  config: testSettings({ clickJournalDir: process.env.IPICK_JOURNAL_DIR! }),
  database,
  migrationVersion: version,
  rateLimits: false,
});
const rollupDelay = process.env.IPICK_TEST_ROLLUP_DELAY_MS;
const rollups = rollupDelay
  ? startDashboardRollups({ database, log: pino({ level: 'debug' }), delayMs: Number(rollupDelay) })
  : null;
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' ? address?.port : 0 })}\n`,
);
process.on('SIGTERM', () => {
  void Promise.resolve(rollups?.stop())
    .then(() => app.close())
    .then(() => database.close())
    .then(() => process.exit(0));
});
