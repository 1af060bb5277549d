/**
 * How much the embedded database slows everything else down: runs heavy queries on PGlite
 * (in its worker thread) and measures, meanwhile, the main thread's event-loop delay and the
 * time of `/api/health` over real HTTP. Prints the figures.
 *
 *   npm run bench:db-event-loop
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';

const HEAVY_QUERIES = 4;
const HEAVY_QUERY = sql`select count(*) from generate_series(1, 4000000)`;

const database = await openDatabase({ kind: 'pglite', dataDir: null });
const { version } = await migrate(database.db);
const app = await buildApp({
  config: {
    logLevel: 'silent',
    env: 'production',
    publicUrl: 'http://localhost',
    smtpUrl: null,
    mailFrom: 'bench@ipick.local',
    fetchAllowPrivate: false,
  },
  database,
  migrationVersion: version,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;

const single = performance.now();
await HEAVY_QUERY.execute(database.db);
const singleMs = performance.now() - single;

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const started = performance.now();
const heavy = Promise.all(
  Array.from({ length: HEAVY_QUERIES }, () => HEAVY_QUERY.execute(database.db)),
);
const healthTimes: number[] = [];
let done = false;
void heavy.then(() => (done = true));
while (!done) {
  const before = performance.now();
  await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.arrayBuffer());
  healthTimes.push(performance.now() - before);
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const heavyMs = performance.now() - started;
loopDelay.disable();
await app.close();
await database.close();

healthTimes.sort((a, b) => a - b);
const percentile = (p: number) =>
  healthTimes[Math.min(healthTimes.length - 1, Math.floor(p * healthTimes.length))]!;
console.log(`one heavy query alone:               ${singleMs.toFixed(0)} ms`);
console.log(`${HEAVY_QUERIES} heavy queries queued:              ${heavyMs.toFixed(0)} ms`);
console.log(`event-loop delay meanwhile (max):    ${(loopDelay.max / 1e6).toFixed(1)} ms`);
console.log(
  `event-loop delay meanwhile (p99):    ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`,
);
console.log(
  `/api/health during the queries:      ${healthTimes.length} calls, p50 ${percentile(0.5).toFixed(1)} ms, max ${healthTimes.at(-1)!.toFixed(1)} ms`,
);
