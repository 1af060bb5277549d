import { randomUUID } from 'node:crypto';
import { hasUnsafeNameCharacters } from '@ipick/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadMigrations, migrate } from './migrate.ts';

// Migration 0029: names saved before names were checked (issue 20) are cleaned to one line of
// plain text, the way a reader would see them.

let testDb: TestDatabase;
const ids = { plain: randomUUID(), crlf: randomUUID(), bidi: randomUUID(), blank: randomUUID() };
const userIds = { tabbed: randomUUID(), blank: randomUUID(), plain: randomUUID() };

beforeAll(async () => {
  testDb = await createTestDatabase({ migrate: false });
  const { db } = testDb.database;
  await migrate(
    db,
    loadMigrations().filter((migration) => migration.version < 29),
  );
  const businesses: [string, string][] = [
    [ids.plain, 'Kettle World'],
    [ids.crlf, 'Kettles\r\n\r\nBcc: victim@example.com\u0007'],
    [ids.bidi, '\u202eKettle\u2066 Palace\u2069 '],
    [ids.blank, '\n\u200f\t'],
  ];
  for (const [id, name] of businesses) {
    await sql`insert into businesses (id, name, domain, contact_email)
      values (${id}, ${name}, ${`shop-${id}.example.com`}, 'shop@example.com')`.execute(db);
  }
  const projectId = randomUUID();
  await sql`insert into identity_projects (id, display_name) values (${projectId}, 'test')`.execute(
    db,
  );
  const users: [string, string][] = [
    [userIds.tabbed, 'Ann\tLee\u2028'],
    [userIds.blank, '\u202a\r'],
    [userIds.plain, 'Bo Berg'],
  ];
  for (const [id, name] of users) {
    await sql`insert into identity_users (id, project_id, display_name)
      values (${id}, ${projectId}, ${name})`.execute(db);
  }
  await migrate(db);
});
afterAll(async () => {
  await testDb?.dispose();
});

describe('migration 0029 (plain names)', () => {
  it("cleans shops' names to one line of plain text, and names an emptied one by its domain", async () => {
    const rows = await testDb.database.db.selectFrom('businesses').select(['id', 'name']).execute();
    const names = Object.fromEntries(rows.map((row) => [row.id, row.name]));
    expect(names[ids.plain]).toBe('Kettle World');
    expect(names[ids.crlf]).toBe('Kettles Bcc: victim@example.com');
    expect(names[ids.bidi]).toBe('Kettle Palace');
    expect(names[ids.blank]).toBe(`shop-${ids.blank}.example.com`);
    for (const name of Object.values(names)) expect(hasUnsafeNameCharacters(name)).toBe(false);
  });

  it("cleans users' display names, and leaves an emptied one unset", async () => {
    const rows = await testDb.database.db
      .selectFrom('identity_users')
      .select(['id', 'display_name'])
      .execute();
    const names = Object.fromEntries(rows.map((row) => [row.id, row.display_name]));
    expect(names).toEqual({
      [userIds.tabbed]: 'Ann Lee',
      [userIds.blank]: null,
      [userIds.plain]: 'Bo Berg',
    });
  });
});
