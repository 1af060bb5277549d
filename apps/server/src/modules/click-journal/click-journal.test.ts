import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { LOCK_FILE_NAME } from '../../platform/db/data-dir-lock.ts';
import { clickId } from '../referral/click-id.ts';
import {
  clickColumns,
  ReferralRepository,
  type NewClick,
} from '../referral/referral-repository.ts';
import { copyLineOf, encodeClick } from './click-codec.ts';
import { ClickJournal, JournalFullError } from './click-journal.ts';
import { openClickJournal, replayFolder } from './click-journal-module.ts';
import type { ShipStep } from './click-shipper.ts';

let testDb: TestDatabase;
let repository: ReferralRepository;
const folders: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  repository = new ReferralRepository(testDb.database.db);
});
afterAll(async () => {
  await testDb?.dispose();
});
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'ipick-journal-'));
  folders.push(folder);
  return folder;
}

function newClick(page: string): NewClick {
  const now = new Date();
  return {
    id: clickId(now.getTime()),
    occurred_at: now,
    target_url: 'https://www.example-shop.test/product?ref=ipick',
    target_host: 'example-shop.test',
    page,
    is_bot: false,
    referral_id: `aff_example_${now.getTime()}_abc`,
  };
}

async function ledgerCount(ids: string[]): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from clicks where id in (${sql.join(ids)})
  `.execute(testDb.database.db);
  return Number(rows[0]!.count);
}

const segmentFiles = async (dir: string) =>
  (await readdir(dir)).filter((name) => name.endsWith('.journal')).sort();

describe('the click journal', () => {
  it('shares one fdatasync among clicks that arrive together, and keeps each one', async () => {
    const dir = await newFolder();
    const journal = await ClickJournal.open({ dir });
    const clicks = Array.from({ length: 50 }, (_, i) => newClick(`/p/${i}`));
    await Promise.all(clicks.map((click) => journal.append(encodeClick(click))));
    expect(journal.stats.appended).toBe(50);
    expect(journal.stats.syncs).toBeLessThan(50);
    await journal.close();
    const reopened = await ClickJournal.open({ dir });
    expect(reopened.bytes).toBeGreaterThan(0);
    await reopened.close();
  });

  it('keeps a click as its line of COPY text, and reads journals that kept JSON', async () => {
    const click = { ...newClick('/x\tab'), utm_source: 'ipick', user_id: null };
    const line = encodeClick(click).toString('utf8');
    expect(line.startsWith(`${click.id}\t${click.occurred_at!.toISOString()}\t`)).toBe(true);
    expect(line).toContain('\t/x\\tab\t'); // escaped, so a tab in a value stays in its column
    expect(line.endsWith('\n')).toBe(true);
    // A journal written by an earlier version: a JSON array of the values, the time in ms.
    const legacy = Buffer.from(
      JSON.stringify(
        clickColumns.map((column) => {
          const value = (click as Record<string, unknown>)[column];
          return value instanceof Date ? value.getTime() : (value ?? null);
        }),
      ),
    );
    expect(copyLineOf(legacy)).toBe(line);
    await repository.shipClickRows(copyLineOf(legacy));
    const [row] = await testDb.database.db
      .selectFrom('clicks')
      .select(['page', 'utm_source', 'occurred_at', 'is_bot'])
      .where('id', '=', click.id)
      .execute();
    expect(row).toEqual({
      page: '/x\tab',
      utm_source: 'ipick',
      occurred_at: click.occurred_at,
      is_bot: false,
    });
  });

  it('cuts the torn tail a crash left before anything reads it', async () => {
    const dir = await newFolder();
    const journal = await ClickJournal.open({ dir });
    await journal.append(encodeClick(newClick('/whole')));
    const [file] = await segmentFiles(dir);
    const whole = (await stat(join(dir, file!))).size;
    await journal.close();
    await appendFile(join(dir, file!), Buffer.from([40, 0, 0, 0, 1, 2, 3])); // half a record
    const reopened = await ClickJournal.open({ dir });
    expect(reopened.stats.tornBytesCut).toBe(7);
    expect((await stat(join(dir, file!))).size).toBe(whole);
    await reopened.close();
  });

  it('rotates segments by size and refuses clicks past its bound', async () => {
    const dir = await newFolder();
    const size = encodeClick(newClick('/a')).length + 8;
    const journal = await ClickJournal.open({ dir, maxSegmentBytes: size * 2, maxBytes: size * 5 });
    for (let i = 0; i < 5; i++) await journal.append(encodeClick(newClick('/a')));
    expect(journal.segments().filter((segment) => segment.isSealed)).toHaveLength(2);
    await expect(journal.append(encodeClick(newClick('/a')))).rejects.toBeInstanceOf(
      JournalFullError,
    );
    expect(journal.stats.refused).toBe(1);
    await journal.close();
  });
});

describe('shipping the journal into the ledger', () => {
  it('ships every click once, deletes shipped segments and reports no backlog', async () => {
    const dir = await newFolder();
    const size = encodeClick(newClick('/a')).length + 8;
    const module = await openClickJournal({
      dir,
      maxSegmentBytes: size * 3,
      ship: (rows) => repository.shipClickRows(rows),
      startShipping: false,
    });
    const clicks = Array.from({ length: 10 }, (_, i) => newClick(`/s/${i}`));
    for (const click of clicks) await module.record(click);
    const journalBytes = clicks.reduce((sum, click) => sum + encodeClick(click).length + 8, 0);
    expect(module.shipper.health().backlogBytes).toBe(journalBytes);
    expect(await module.shipper.shipAvailable()).toBe(10);
    expect(await ledgerCount(clicks.map((click) => click.id))).toBe(10);
    expect(module.shipper.health()).toMatchObject({ backlogBytes: 0, oldestSeconds: 0 });
    expect(await segmentFiles(module.journal.dir)).toHaveLength(1); // the one being written
    await module.close();
    // All shipped: the process's folder is gone with it.
    expect(await readdir(dir)).toEqual([]);
  });

  it.each<ShipStep>(['shipped', 'progressed', 'removed'])(
    'after a crash once a batch is %s, the next run ships the rest and counts each click once',
    async (crashAfter) => {
      const dir = await newFolder();
      const size = encodeClick(newClick('/a')).length + 8;
      let hasCrashed = false;
      const first = await openClickJournal({
        dir,
        maxSegmentBytes: size * 2,
        batchSize: 2,
        ship: (rows) => repository.shipClickRows(rows),
        startShipping: false,
        afterStep: (step) => {
          if (step === crashAfter && !hasCrashed) {
            hasCrashed = true;
            throw new Error(`crash after ${step}`);
          }
        },
      });
      const clicks = Array.from({ length: 7 }, (_, i) => newClick(`/c/${crashAfter}/${i}`));
      for (const click of clicks) await first.record(click);
      await expect(first.shipper.shipAvailable()).rejects.toThrow('crash');
      await first.journal.close(); // the process is gone; nothing else of it runs

      // The next run (this process's next start, or another process) replays its folder.
      const replay = await replayFolder(first.journal.dir, {
        ship: (rows) => repository.shipClickRows(rows),
      });
      expect(replay.isEmptied).toBe(true);
      expect(await ledgerCount(clicks.map((click) => click.id))).toBe(7);
      expect(await segmentFiles(first.journal.dir)).toHaveLength(1);
    },
  );

  it("ships a folder a process that is gone left, and leaves a live process's folder alone", async () => {
    const root = await newFolder();
    /** A journal folder with clicks, locked by the process `pid`. */
    async function leftFolder(name: string, pid: number, pages: string[]) {
      const journal = await ClickJournal.open({ dir: join(root, name) });
      const clicks = pages.map((page) => newClick(page));
      for (const click of clicks) await journal.append(encodeClick(click));
      await journal.close();
      await writeFile(join(root, name, LOCK_FILE_NAME), JSON.stringify({ pid, started: null }));
      return clicks.map((click) => click.id);
    }
    const gonePid = spawnSync(process.execPath, ['-e', '0']).pid;
    const gone = await leftFolder('process-gone', gonePid, ['/gone/1', '/gone/2', '/gone/3']);
    const live = await leftFolder('process-live', process.pid, ['/live/1']);

    const module = await openClickJournal({
      dir: root,
      ship: (rows) => repository.shipClickRows(rows),
    });
    // Shipped before it resolves: a restarted server has replayed before it reports healthy.
    expect(await ledgerCount(gone)).toBe(3);
    expect(await ledgerCount(live)).toBe(0);
    const folders = await readdir(root);
    expect(folders).not.toContain('process-gone');
    expect(folders).toContain('process-live');
    await module.close();
  });

  it('ships segments an earlier version left in the journal folder itself', async () => {
    const root = await newFolder();
    const older = await ClickJournal.open({ dir: root });
    const clicks = [newClick('/older/1'), newClick('/older/2')];
    for (const click of clicks) await older.append(encodeClick(click));
    await older.close();

    const module = await openClickJournal({
      dir: root,
      ship: (rows) => repository.shipClickRows(rows),
    });
    expect(await ledgerCount(clicks.map((click) => click.id))).toBe(2);
    expect(await segmentFiles(root)).toEqual([]);
    await module.close();
  });

  it('ships the same segment twice and still counts its clicks once', async () => {
    const clicks = [newClick('/twice/1'), newClick('/twice/2')];
    await repository.shipClicks(clicks);
    await repository.shipClicks(clicks);
    expect(await ledgerCount(clicks.map((click) => click.id))).toBe(2);
  });

  it('keeps clicks while the ledger refuses them, and ships them when it is back', async () => {
    const dir = await newFolder();
    let isDown = true;
    const errors: unknown[] = [];
    const module = await openClickJournal({
      dir,
      intervalMs: 10,
      maxBackoffMs: 20,
      onError: (error) => errors.push(error),
      ship: (rows) =>
        isDown ? Promise.reject(new Error('database away')) : repository.shipClickRows(rows),
    });
    const clicks = Array.from({ length: 5 }, (_, i) => newClick(`/down/${i}`));
    await Promise.all(clicks.map((click) => module.record(click)));
    await expect.poll(() => errors.length).toBeGreaterThan(1);
    expect(module.shipper.health().lastError).toBe('database away');
    expect(module.shipper.health().backlogBytes).toBeGreaterThan(0);
    isDown = false;
    await expect.poll(() => module.shipper.health().backlogBytes).toBe(0);
    expect(await ledgerCount(clicks.map((click) => click.id))).toBe(5);
    await module.close();
  });
});
