import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdTransaction } from '../../../test/held-transaction.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { copyRows, encodeCopyText } from './copy-rows.ts';

interface Scratch {
  copy_notes: {
    id: number;
    body: string | null;
    done: boolean;
    at: Date | null;
  };
}

let testDb: TestDatabase;
let db: Kysely<Scratch>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db as unknown as Kysely<Scratch>;
  await sql`
    create table copy_notes (
      id integer primary key,
      body text,
      done boolean not null,
      at timestamptz
    )
  `.execute(db);
});
afterAll(() => testDb?.dispose());

const columns = ['id', 'body', 'done', 'at'] as const;

async function storedNotes() {
  return db.selectFrom('copy_notes').selectAll().orderBy('id').execute();
}

describe('copyRows', () => {
  it('stores every value as given, whatever characters the text holds', async () => {
    const at = new Date('2026-11-23T10:11:12.345Z');
    await copyRows(db, 'copy_notes', columns, [
      { id: 1, body: 'tab\there, line\nbreak, carriage\rreturn', done: true, at },
      {
        id: 2,
        body: 'back\\slash and \\N and \\. and "quotes" and ünïcödé',
        done: false,
        at: null,
      },
      { id: 3, body: null, done: false }, // a column left out is null
      { id: 4, body: '', done: true, at },
    ]);
    expect(await storedNotes()).toEqual([
      { id: 1, body: 'tab\there, line\nbreak, carriage\rreturn', done: true, at },
      {
        id: 2,
        body: 'back\\slash and \\N and \\. and "quotes" and ünïcödé',
        done: false,
        at: null,
      },
      { id: 3, body: null, done: false, at: null },
      { id: 4, body: '', done: true, at },
    ]);
  });

  it('drops NUL, which PostgreSQL text cannot hold, instead of failing the whole batch', async () => {
    await copyRows(db, 'copy_notes', columns, [
      { id: 10, body: 'before\0after', done: false },
      { id: 11, body: 'a neighbour in the same batch', done: false },
    ]);
    const rows = await db.selectFrom('copy_notes').select('body').where('id', '>=', 10).execute();
    expect(rows.map((row) => row.body)).toEqual(['beforeafter', 'a neighbour in the same batch']);
  });

  it('stores none of a batch when one row is refused, and says why', async () => {
    const before = await storedNotes();
    await expect(
      copyRows(db, 'copy_notes', columns, [
        { id: 20, body: 'fine', done: false },
        { id: 1, body: 'a second row with id 1', done: false },
      ]),
    ).rejects.toThrow(/duplicate key/);
    expect(await storedNotes()).toEqual(before);
  });

  it('fails with the reason when the statement itself is refused, and the next ones run', async () => {
    // The data travels right behind the statement; refused before COPY starts, it must be
    // skipped by the server instead of being taken for the next statement.
    const before = await storedNotes();
    await expect(
      copyRows(db, 'copy_notes', ['id', 'no_such_column'] as never, [{ id: 40 }]),
    ).rejects.toThrow(/no_such_column/);
    await copyRows(db, 'copy_notes', columns, [{ id: 41, body: 'after a refusal', done: false }]);
    const after = await storedNotes();
    expect(after).toEqual([...before, { id: 41, body: 'after a refusal', done: false, at: null }]);
  });

  it('writes a batch larger than a socket buffer whole', async () => {
    const body = 'x'.repeat(1000);
    const rows = Array.from({ length: 3000 }, (_, index) => ({
      id: 1000 + index,
      body,
      done: true,
    }));
    await copyRows(db, 'copy_notes', columns, rows);
    const stored = await db
      .selectFrom('copy_notes')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(sql`length(body)`).as('length'),
      ])
      .where('id', '>=', 1000)
      .executeTakeFirstOrThrow();
    expect({ count: Number(stored.count), length: Number(stored.length) }).toEqual({
      count: 3000,
      length: 3000 * 1000,
    });
  });

  it('waits for a transaction in progress instead of writing inside it', async () => {
    const transaction = await holdTransaction(db, (trx) =>
      sql`insert into copy_notes (id, done) values (30, false)`.execute(trx),
    );
    const copied = copyRows(db, 'copy_notes', columns, [{ id: 31, body: 'outside', done: false }]);
    expect(await transaction.rollBack()).toBe('roll back');
    await copied;
    const ids = (await storedNotes()).map((row) => row.id);
    expect(ids).toContain(31);
    expect(ids).not.toContain(30);
  });

  it('does nothing for no rows', async () => {
    await expect(copyRows(db, 'copy_notes', columns, [])).resolves.toBeUndefined();
  });
});

describe('encodeCopyText', () => {
  it('writes one tab-separated line per row, with \\N for null', () => {
    expect(
      encodeCopyText(
        ['text', 'none', 'flag', 'number'],
        [
          { text: 'a\tb', none: null, flag: true, number: 7 },
          { text: 'c\\d', none: 'e\nf', flag: false, number: 0.5 },
        ],
      ),
    ).toBe('a\\tb\t\\N\tt\t7\nc\\\\d\te\\nf\tf\t0.5\n');
  });
});
