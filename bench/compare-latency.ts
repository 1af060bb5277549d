/**
 * How long a comparison takes on a warm server: loads a demo catalog of each asked size into a
 * fresh database, starts the real HTTP server, runs warm-up comparisons, then times
 * `POST /api/compare` over HTTP for links of random catalog offers (catalog hits, one at a time
 * and four at a time) and for links of an unknown shop whose words name a catalog product (the
 * page cannot be fetched, so the words of the link are compared). Prints p50/p95/p99/max.
 *
 *   npm run bench:compare-latency -- [--offers 10000,100000,1000000]
 *     [--database pglite|postgres|both] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--samples 300] [--misses 60] [--concurrency 4] [--warm-up 30] [--seed 1]
 *     [--data-dir DIR] [--keep]
 *
 * PGlite runs in memory unless --data-dir is given: then each size lives in DIR/offers-N and a
 * catalog loaded there before is reused. PostgreSQL gets a scratch database per size
 * (ipick_bench_compare_N) on the server of --database-url, dropped afterwards unless --keep,
 * which also reuses one kept before. After loading, PostgreSQL is analysed, as autovacuum would
 * soon do; PGlite has no autovacuum and is left as an app would leave it.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { CompareResponse } from '@ipick/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadDemoCatalog } from '../apps/server/src/modules/demo/catalog-loader.ts';
import { openDatabase, type Database } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '10000,100000,1000000' },
    database: { type: 'string', default: 'both' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    samples: { type: 'string', default: '300' },
    misses: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '4' },
    'warm-up': { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    'data-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

function count(name: string, text: string, min = 1): number {
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be an integer ≥ ${min}`);
  return value;
}

const sizes = values.offers.split(',').map((size) => count('offers', size.trim()));
if (!['pglite', 'postgres', 'both'].includes(values.database))
  throw new Error('--database must be pglite, postgres or both');
const kinds = (values.database === 'both' ? ['postgres', 'pglite'] : [values.database]) as (
  'pglite' | 'postgres'
)[];
const samples = count('samples', values.samples);
const misses = count('misses', values.misses, 0);
const concurrency = count('concurrency', values.concurrency, 0);
const warmUp = count('warm-up', values['warm-up'], 0);
const seed = Number(values.seed);
const serverUrl = values['database-url'];

// ---- databases ----

interface BenchDatabase {
  database: Database;
  label: string;
  /** Closes it and, for a scratch PostgreSQL database, drops it. */
  dispose(): Promise<void>;
}

async function onServer<T>(statement: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function openBenchDatabase(kind: 'pglite' | 'postgres', offers: number) {
  if (kind === 'pglite') {
    const dir =
      values['data-dir'] === undefined ? null : join(values['data-dir'], `offers-${offers}`);
    if (dir !== null) mkdirSync(dir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    return { database, label: 'PGlite', dispose: () => database.close() } satisfies BenchDatabase;
  }
  const name = `ipick_bench_compare_${offers}`;
  const exists = await onServer('select 1 from pg_database where datname = $1', [name]);
  if (exists.length > 0 && !values.keep) await onServer(`drop database ${name} with (force)`);
  if (exists.length === 0 || !values.keep) await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href });
  const version = await onServer<{ server_version: string }>('show server_version');
  return {
    database,
    label: `PostgreSQL ${version[0]!.server_version.split('.')[0]}`,
    async dispose() {
      await database.close();
      if (!values.keep) await onServer(`drop database if exists ${name} with (force)`);
    },
  } satisfies BenchDatabase;
}

/** Loads the catalog unless this database already holds one of that size; returns seconds. */
async function ensureCatalog(database: Database, offers: number): Promise<number | null> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from offers`.execute(
    database.db,
  );
  if (rows[0]!.n >= offers) return null;
  if (rows[0]!.n > 0)
    throw new Error(`the database holds a partial catalog (${rows[0]!.n} offers)`);
  let nextReport = 0;
  const result = await loadDemoCatalog(database.db, {
    seed,
    offers,
    onProgress: ({ offers: done }) => {
      if (done < nextReport) return;
      process.stderr.write(`  ${done} offers written\n`);
      nextReport = done + Math.max(10_000, Math.round(offers / 10));
    },
  });
  // Autovacuum would analyse the new rows soon; PGlite has none, so it plans without statistics.
  if (database.kind === 'postgres') await sql`analyze`.execute(database.db);
  return result.ms / 1000;
}

// ---- measuring ----

interface Run {
  database: string;
  offers: number;
  kind: string;
  times: number[];
  errors: number;
  seconds: number;
}

async function timeCompare(base: string, url: string, source: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api/compare`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  const body = (await response.json()) as CompareResponse;
  const ms = performance.now() - started;
  if (response.status !== 200 || body.product.source !== source) {
    throw new Error(`${url}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return ms;
}

/** Runs the comparisons `workers` at a time; each one's time over HTTP. */
async function measure(
  base: string,
  urls: string[],
  source: string,
  workers: number,
): Promise<Omit<Run, 'database' | 'offers' | 'kind'>> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        try {
          times.push(await timeCompare(base, url, source));
        } catch (error) {
          if (errors++ === 0) console.error(`  ${(error as Error).message}`);
        }
      }
    }),
  );
  return { times, errors, seconds: (performance.now() - started) / 1000 };
}

/** A link of a shop ipick does not know, whose slug is the words of an offer's title. */
function unknownShopLink(title: string, index: number): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://unknown-shop-${index}.invalid/p/${slug}`;
}

const runs: Run[] = [];
const loads: { database: string; offers: number; seconds: number | null; rssMb: number }[] = [];
const skipped: string[] = [];

for (const kind of kinds) {
  for (const offers of sizes) {
    const { database, label, dispose } = await openBenchDatabase(kind, offers);
    try {
      const { version } = await migrate(database.db);
      console.error(`${label}, ${offers} offers: loading the demo catalog`);
      const loadSeconds = await ensureCatalog(database, offers);
      const { rows: total } = await sql<{
        n: number;
      }>`select count(*)::int as n from offers`.execute(database.db);
      loads.push({
        database: label,
        offers: total[0]!.n,
        seconds: loadSeconds,
        rssMb: Math.round(process.memoryUsage().rss / 1e6),
      });

      const hitCount = warmUp + samples * (concurrency > 1 ? 2 : 1);
      const { rows: picked } = await sql<{ url: string; title: string }>`
        select url, title from offers order by random() limit ${hitCount + misses}`.execute(
        database.db,
      );
      const hits = picked.slice(0, hitCount).map((row) => row.url);
      const missLinks = picked
        .slice(hitCount)
        .map((row, index) => unknownShopLink(row.title, index));

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
        rateLimits: false,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      try {
        console.error(`  warming up (${warmUp} comparisons)`);
        await measure(base, hits.slice(0, warmUp), 'catalog', 1);
        const record = (name: string, result: Omit<Run, 'database' | 'offers' | 'kind'>) => {
          runs.push({ database: label, offers: total[0]!.n, kind: name, ...result });
          console.error(`  ${name}: ${summary(result.times)}`);
        };
        record(
          'catalog hit',
          await measure(base, hits.slice(warmUp, warmUp + samples), 'catalog', 1),
        );
        if (concurrency > 1) {
          record(
            `catalog hit, ${concurrency} at a time`,
            await measure(base, hits.slice(warmUp + samples), 'catalog', concurrency),
          );
        }
        if (misses > 0) record('link words', await measure(base, missLinks, 'link', 1));
      } finally {
        await app.close();
      }
    } catch (error) {
      skipped.push(`${label} at ${offers} offers: ${(error as Error).message}`);
      console.error(`  skipped: ${(error as Error).message}`);
    } finally {
      await dispose();
    }
  }
}

// ---- report ----

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms`;
}

const thousands = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;

console.log('\n| database | offers | catalog load | offers/s | RSS after load |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const load of loads) {
  console.log(
    `| ${load.database} | ${thousands(load.offers)} | ${load.seconds === null ? 'reused' : `${load.seconds.toFixed(0)} s`} | ${load.seconds === null ? '—' : thousands(Math.round(load.offers / load.seconds))} | ${thousands(load.rssMb)} MB |`,
  );
}

console.log('\n| database | offers | kind | samples | p50 | p95 | p99 | max | per second |');
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const run of runs) {
  const sorted = [...run.times].sort((a, b) => a - b);
  const errors = run.errors > 0 ? ` (${run.errors} failed)` : '';
  console.log(
    `| ${run.database} | ${thousands(run.offers)} | ${run.kind} | ${sorted.length}${errors} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.95))} | ${ms(percentile(sorted, 0.99))} | ${ms(sorted.at(-1) ?? Number.NaN)} | ${(sorted.length / run.seconds).toFixed(1)} |`,
  );
}
for (const line of skipped) console.log(`skipped: ${line}`);
