import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from './database.ts';
import { testSettings } from '../../../test/test-app.ts';
import { holdTransaction } from '../../../test/held-transaction.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await sql`create table notes (id serial primary key, body text not null unique)`.execute(
    testDb.database.db,
  );
});
afterAll(() => testDb?.dispose());

describe('the database layer', () => {
  it('keeps another caller out of a transaction that rolls back', async () => {
    const { db } = testDb.database;
    const transaction = await holdTransaction(db, (trx) =>
      sql`insert into notes (body) values ('inside')`.execute(trx),
    );
    const outsider = sql`insert into notes (body) values ('outside')`.execute(db);
    expect(await transaction.rollBack()).toBe('roll back');
    await outsider;

    const rows = await sql<{ body: string }>`select body from notes order by id`.execute(db);
    expect(rows.rows.map((row) => row.body)).toEqual(['outside']);
  });

  it('commits concurrent transactions independently', async () => {
    const { db } = testDb.database;
    await sql`delete from notes`.execute(db);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into notes (body) values (${`note ${i}`})`.execute(trx);
          if (i % 2 === 1) throw new Error('odd notes roll back');
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
    expect(count.rows[0]!.n).toBe(10); // int8 counts are numbers on both databases
  });

  it('reports database errors with their SQLSTATE code', async () => {
    const { db } = testDb.database;
    await sql`insert into notes (body) values ('unique')`.execute(db);
    await expect(sql`insert into notes (body) values ('unique')`.execute(db)).rejects.toMatchObject(
      {
        code: '23505',
      },
    );
  });

  it('keeps /api/health answering while a slow query runs', async () => {
    const app = await buildApp({
      config: testSettings(),
      database: testDb.database,
      migrationVersion: testDb.migrationVersion,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as AddressInfo;
      let slowQueryDone = false;
      const slowQuery = sql`select count(*) from generate_series(1, 8000000)`
        .execute(testDb.database.db)
        .then(() => (slowQueryDone = true));
      // Let the query reach the database before asking for health over real HTTP.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      const answeredDuringQuery = !slowQueryDone;
      expect(response.status).toBe(200);
      expect(answeredDuringQuery).toBe(true);
      await slowQuery;
    } finally {
      await app.close();
    }
  });
});

describe.runIf((process.env.IPICK_TEST_DATABASE ?? 'pglite') === 'pglite')(
  'a PGlite snapshot',
  () => {
    it('starts a new in-memory database with the saved tables and rows, apart from the first', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'ipick-snapshot-'));
      const file = join(folder, 'saved.tar');
      // A new cluster, from the suite's saved one rather than `initdb`, which takes longer.
      const first = await openDatabase({
        kind: 'pglite',
        dataDir: null,
        snapshotFile: inject('emptyPgliteSnapshot'),
      });
      try {
        await sql`create table kept (word text)`.execute(first.db);
        await sql`insert into kept values ('saved')`.execute(first.db);
        await first.snapshot!(file);
        await sql`insert into kept values ('after the snapshot')`.execute(first.db);

        const second = await openDatabase({ kind: 'pglite', dataDir: null, snapshotFile: file });
        try {
          const rows = await sql<{ word: string }>`select word from kept`.execute(second.db);
          expect(rows.rows).toEqual([{ word: 'saved' }]);
        } finally {
          await second.close();
        }
      } finally {
        await first.close();
        await rm(folder, { recursive: true, force: true });
      }
    });

    it('refuses a snapshot for a database kept on disk', async () => {
      await expect(
        openDatabase({ kind: 'pglite', dataDir: tmpdir(), snapshotFile: 'unused.tar' }),
      ).rejects.toThrow('A PGlite snapshot can only start an in-memory database');
    });
  },
);
