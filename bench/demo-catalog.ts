/**
 * How fast the demo catalog loads: generates a catalog of the asked size and loads it into a
 * fresh in-memory PGlite, or into PostgreSQL, and prints offers/s and the total time.
 *
 *   node --import tsx bench/demo-catalog.ts [--offers 100000] [--batch-size 500] [--seed 1]
 *     [--database-url postgres://user@host:5432/db [--fresh]]
 *
 * With --database-url the catalog goes into that database (migrated first); --fresh loads it
 * into a scratch database on the same server instead and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadDemoCatalog } from '../apps/server/src/modules/demo/catalog-loader.ts';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    'batch-size': { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    fresh: { type: 'boolean', default: false },
  },
});

function positiveInteger(name: string, text: string): number {
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer`);
  return value;
}

const offers = positiveInteger('offers', values.offers);
const batchSize = positiveInteger('batch-size', values['batch-size']);
const seed = Number(values.seed);

async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let database: Database;
let cleanup = async () => {};
let where: string;
const serverUrl = values['database-url'];
if (serverUrl === undefined) {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  where = 'PGlite (in memory)';
} else if (values.fresh) {
  const name = `ipick_bench_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ kind: 'postgres', url: url.href });
  cleanup = () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
  where = `PostgreSQL (scratch database ${name})`;
} else {
  database = await openDatabase({ kind: 'postgres', url: serverUrl });
  where = 'PostgreSQL';
}

try {
  await migrate(database.db);
  console.log(`loading a demo catalog of ${offers} offers into ${where}, batches of ${batchSize}`);
  let nextReport = 0;
  const result = await loadDemoCatalog(database.db, {
    seed,
    offers,
    batchSize,
    onProgress: ({ offers: done }) => {
      if (process.stdout.isTTY && done >= nextReport) {
        process.stdout.write(`  ${done} offers written\r`);
        nextReport = done + 10_000;
      }
    },
  });
  if (process.stdout.isTTY) process.stdout.write('\x1b[2K');
  const seconds = result.ms / 1000;
  console.log(`products generated:   ${result.products}`);
  console.log(
    `offers:               ${result.offers} (${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged)`,
  );
  console.log(`price observations:   ${result.observations}`);
  console.log(`total time:           ${seconds.toFixed(1)} s`);
  console.log(`offers/s:             ${Math.round(result.offers / seconds)}`);
  console.log(`heap used:            ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
} finally {
  await database.close();
  await cleanup();
}
