import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildMerchant, type Merchant } from '../tracking/tracking-test-kit.ts';
import { CatalogRepository } from './catalog-repository.ts';
import { beginFeedImport } from './feeds/feed-importer.ts';
import { thisRunner } from './feeds/import-runner.ts';
import {
  INTERRUPTED_IMPORT_MESSAGE,
  recoverInterruptedImports,
} from './feeds/interrupted-imports.ts';

// Issue 20: a feed import whose process was killed mid-way stayed "running" forever and left
// its temporary files. At start-up it is marked interrupted, with the counts it had reached, its
// files are removed, and the merchant sees it and can run it again.

let testDb: TestDatabase;
let app: FastifyInstance;
let merchant: Merchant;
const db = () => testDb.database.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  merchant = await buildMerchant(app);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

/** A temporary folder like an import's spool, with a file in it. */
function spoolDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ipick-feed-'));
  writeFileSync(join(dir, 'offers.ndjson'), '{"retailerProductId":"KW-1"}\n');
  return dir;
}

/** A running import of the merchant's shop, as a process left it. */
async function runningImport(fields: {
  runner: string | null;
  tempDirs: string[];
  isFullFeed?: boolean;
}): Promise<string> {
  const retailer = await new CatalogRepository(db()).ensureRetailer({
    key: merchant.domain,
    displayName: 'Kettle World',
    hosts: [merchant.domain],
    affiliateParam: null,
  });
  const id = await beginFeedImport(db(), retailer, `https://${merchant.domain}/feed.csv`, {
    isFullFeed: fields.isFullFeed ?? false,
    tempDirs: fields.tempDirs,
  });
  await db()
    .updateTable('feed_imports')
    .set({
      runner: fields.runner,
      phase: 'writing',
      items_seen: 1200,
      items_created: 500,
      items_updated: 20,
      items_rejected: 3,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('feed imports a dead process left running', () => {
  it('are marked interrupted with their counts, and their files removed; others are left', async () => {
    // A process that ran on this host and is gone: its pid no longer runs.
    const dead = spawnSync(process.execPath, ['-e', '0']);
    const hostName = thisRunner().split(' ')[0]!;
    const killedFiles = spoolDir();
    const killed = await runningImport({
      runner: `${hostName} ${dead.pid} 0:1`,
      tempDirs: [killedFiles],
      isFullFeed: true,
    });
    // Run by this very process (still alive), and by another host: not ours to judge.
    const liveFiles = spoolDir();
    const live = await runningImport({ runner: thisRunner(), tempDirs: [liveFiles] });
    const elsewhere = await runningImport({ runner: 'other-host 4242 x:1', tempDirs: [] });

    const marked = await recoverInterruptedImports(db());
    expect(marked).toContain(killed);
    expect(marked).not.toContain(live);
    expect(marked).not.toContain(elsewhere);
    expect(existsSync(killedFiles)).toBe(false);
    expect(existsSync(liveFiles)).toBe(true);

    const rows = await db()
      .selectFrom('feed_imports')
      .select(['id', 'status'])
      .where('id', 'in', [live, elsewhere])
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['running', 'running']);

    // The merchant sees the import as interrupted, with what it had done, to run it again.
    const shown = await merchant.browser.get(`/api/business/catalog/feeds/${killed}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      status: 'interrupted',
      isFullFeed: true,
      phase: null,
      itemsSeen: 1200,
      created: 500,
      updated: 20,
      rejected: 3,
      error: INTERRUPTED_IMPORT_MESSAGE,
    });
    expect(shown.json<{ finishedAt: string | null }>().finishedAt).not.toBeNull();

    // Running it again is marking nothing new.
    expect(await recoverInterruptedImports(db())).toEqual([]);
  });

  it('never removes a folder outside the temporary directory', async () => {
    const outside = mkdtempSync(join(process.cwd(), 'ipick-not-temp-'));
    const dead = spawnSync(process.execPath, ['-e', '0']);
    const hostName = thisRunner().split(' ')[0]!;
    await runningImport({ runner: `${hostName} ${dead.pid} 0:1`, tempDirs: [outside] });
    await recoverInterruptedImports(db());
    expect(existsSync(outside)).toBe(true);
    spawnSync('rm', ['-rf', outside]);
  });
});
