/**
 * Feed import speed: writes a Merchant Center TSV feed of N items to a temporary file, imports
 * it into a fresh database, then imports it again (nothing changes the second time), and
 * prints items per second and the peak memory of the process.
 *
 *   node --import tsx bench/feed-import.ts [--items 100000] [--database-url postgres://...]
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { gtinCheckDigit } from '@ipick/core';
import { CatalogRepository } from '../apps/server/src/modules/catalog/catalog-repository.ts';
import { importFeed } from '../apps/server/src/modules/catalog/feeds/feed-importer.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';

const { values } = parseArgs({
  options: { items: { type: 'string', default: '100000' }, 'database-url': { type: 'string' } },
});
const itemCount = Number(values.items);
const databaseUrl = values['database-url'];

const dir = await mkdtemp(join(tmpdir(), 'ipick-bench-feed-'));
const feedPath = join(dir, 'feed.tsv');
const out = createWriteStream(feedPath);
out.write('id\ttitle\tlink\tprice\tavailability\tbrand\tgtin\tmpn\tcondition\n');
for (let i = 0; i < itemCount; i++) {
  const body = String(400_000_000_000 + i);
  const gtin = `${body}${gtinCheckDigit(body)}`;
  const line = `SKU-${i}\tBench Brand Widget ${i} Pro ${i % 7}-Pack\thttps://bench.example.com/p/${i}\t${(5 + (i % 500) + 0.99).toFixed(2)} USD\t${i % 10 === 0 ? 'out of stock' : 'in stock'}\tBench Brand\t${gtin}\tBW-${i}\tnew\n`;
  if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}
out.end();
await finished(out);

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const database = databaseUrl
  ? await openDatabase({ kind: 'postgres', url: databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: null });
await migrate(database.db);
const repository = new CatalogRepository(database.db);
const retailer = await repository.ensureRetailer({
  key: `bench-${Date.now()}.example.com`,
  displayName: 'Bench shop',
  hosts: [`bench-${Date.now()}.example.com`],
  affiliateParam: null,
});

async function timedImport(label: string) {
  const started = performance.now();
  const report = await importFeed({
    db: database.db,
    repository,
    retailer,
    input: createReadStream(feedPath),
    format: 'tsv',
    source: 'bench.tsv',
    isFullFeed: true,
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(26)} ${report.itemsSeen} items in ${seconds.toFixed(1)} s = ${Math.round(report.itemsSeen / seconds)} items/s ` +
      `(created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, rejected ${report.rejected})`,
  );
}

console.log(`database: ${database.kind}`);
await timedImport('first import');
await timedImport('same feed again');
clearInterval(sampler);
console.log(`peak RSS: ${Math.round(peakRss / 1024 / 1024)} MB`);
await database.close();
await rm(dir, { recursive: true, force: true });
