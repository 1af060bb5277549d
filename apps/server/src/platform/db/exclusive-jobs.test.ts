import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { openDatabase, type Database } from './database.ts';
import { periodicJobRuns, runPeriodicJob, withJobLock } from './exclusive-jobs.ts';

let testDb: TestDatabase;
/** A second pool on the same database: on PostgreSQL, another process's connections. */
let other: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  other = testDb.url
    ? await openDatabase({ kind: 'postgres', url: testDb.url, maxConnections: 2 })
    : testDb.database;
});
afterAll(async () => {
  if (other !== testDb.database) await other?.close();
  await testDb?.dispose();
});

describe('jobs that run once across processes', () => {
  it('lets one of two runs that overlap do the work; the lock is free again after', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const first = withJobLock(testDb.database, 'overlap', async () => {
      runs += 1;
      await held;
    });
    await expect.poll(() => runs).toBe(1);
    const second = await withJobLock(other, 'overlap', async () => {
      runs += 1;
    });
    expect(second).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: undefined });
    expect(await withJobLock(other, 'overlap', () => Promise.resolve('again'))).toEqual({
      ran: true,
      value: 'again',
    });
    expect(runs).toBe(1);
  });

  it('frees the lock when the job fails', async () => {
    await expect(
      withJobLock(testDb.database, 'failing', () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    expect((await withJobLock(other, 'failing', () => Promise.resolve(1))).ran).toBe(true);
  });

  it('runs a periodic job once per period, whichever process asks', async () => {
    let clock = new Date('2025-06-15T12:00:00Z');
    const options = { name: 'hourly-test', everyMs: 60 * 60 * 1000, now: () => clock };
    let work = 0;
    const job = async () => {
      work += 1;
    };
    expect(await runPeriodicJob(testDb.database, options, job)).toBe(true);
    // Ten minutes later another process's timer fires: done already, it skips.
    clock = new Date('2025-06-15T12:10:00Z');
    expect(await runPeriodicJob(other, options, job)).toBe(false);
    // An hour on, the next run is due.
    clock = new Date('2025-06-15T13:00:00Z');
    expect(await runPeriodicJob(other, options, job)).toBe(true);
    expect(work).toBe(2);
    expect(await periodicJobRuns(testDb.database, 'hourly-test')).toBe(2);
  });
});
