import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadMigrations, migrate } from './migrate.ts';
import type { DatabaseSchema } from './schema.ts';

let testDb: TestDatabase | undefined;
afterEach(async () => {
  await testDb?.dispose();
  testDb = undefined;
});

/** Everything a migration can change: tables, columns, indexes, extensions, the ledger. */
async function describeSchema(db: Kysely<DatabaseSchema>) {
  const columns = await sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`.execute(db);
  const indexes = await sql`
    select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`.execute(
    db,
  );
  const extensions = await sql`select extname from pg_extension order by extname`.execute(db);
  const ledger = await sql`
    select version, name, checksum, applied_at from schema_migrations order by version`.execute(db);
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    extensions: extensions.rows,
    ledger: ledger.rows,
  };
}

describe('migrate', () => {
  it('applies every migration file once, in order, and records each', async () => {
    testDb = await createTestDatabase({ migrate: false });
    const files = loadMigrations();
    const report = await migrate(testDb.database.db);
    expect(report.applied.map((m) => m.version)).toEqual(files.map((m) => m.version));
    expect(report.version).toBe(files.at(-1)!.version);
    const extensions = await sql<{ extname: string }>`select extname from pg_extension`.execute(
      testDb.database.db,
    );
    expect(extensions.rows.map((row) => row.extname)).toContain('pg_trgm');
  });

  it('changes nothing when run a second time', async () => {
    testDb = await createTestDatabase({ migrate: false });
    const { db } = testDb.database;
    await migrate(db);
    const before = await describeSchema(db);
    const second = await migrate(db);
    expect(second.applied).toEqual([]);
    expect(await describeSchema(db)).toEqual(before);
  });

  it('refuses to start when an applied migration file was edited', async () => {
    testDb = await createTestDatabase();
    const edited = loadMigrations().map((m, index) =>
      index === 0 ? { ...m, checksum: 'edited' } : m,
    );
    await expect(migrate(testDb.database.db, edited)).rejects.toThrow(
      /0001_foundation\.sql was changed after it was applied/,
    );
  });

  it('rolls a failed run back completely', async () => {
    testDb = await createTestDatabase({ migrate: false });
    const { db } = testDb.database;
    const broken = loadMigrations(
      new URL('../../../test/fixtures/migrations-broken/', import.meta.url),
    );
    await expect(migrate(db, broken)).rejects.toThrow(/no_such_table/);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'`.execute(db);
    expect(tables.rows).toEqual([]);
  });

  it('lets processes that start together take turns', async () => {
    testDb = await createTestDatabase({ migrate: false });
    const { db } = testDb.database;
    const reports = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    const appliedCounts = reports.map((report) => report.applied.length).sort();
    expect(appliedCounts).toEqual([0, 0, loadMigrations().length]);
  });

  it('marks users disabled before 0018 as restricted by an admin', async () => {
    testDb = await createTestDatabase({ migrate: false });
    const { db } = testDb.database;
    await migrate(
      db,
      loadMigrations().filter((m) => m.version < 18),
    );
    // Rows written in the columns of the schema as it was then: today's code may read columns
    // that later migrations add.
    const projectId = randomUUID();
    const [disabledId, activeId] = [randomUUID(), randomUUID()];
    await sql`insert into identity_projects (id, display_name) values (${projectId}, 'ipick')`.execute(
      db,
    );
    await sql`insert into identity_users (id, project_id) values (${disabledId}, ${projectId}), (${activeId}, ${projectId})`.execute(
      db,
    );
    await sql`insert into auth_disabled_users (user_id) values (${disabledId})`.execute(db);

    await migrate(db);
    const rows = await db
      .selectFrom('identity_users')
      .select(['id', 'restricted_by_admin', 'restricted_by_admin_reason'])
      .where('id', 'in', [disabledId, activeId])
      .execute();
    expect(rows.find((row) => row.id === disabledId)).toMatchObject({
      restricted_by_admin: true,
      restricted_by_admin_reason: 'Disabled by an ipick admin.',
    });
    expect(rows.find((row) => row.id === activeId)).toMatchObject({
      restricted_by_admin: false,
      restricted_by_admin_reason: null,
    });
  });

  it('turns user API keys on for identity projects made before 0040', async () => {
    testDb = await createTestDatabase({ migrate: false });
    const { db } = testDb.database;
    await migrate(
      db,
      loadMigrations().filter((m) => m.version < 40),
    );
    const id = '0b6f3a52-3a43-4a3b-9d0e-2f1c6d7e8a90';
    await sql`insert into identity_projects (id, display_name, config)
      values (${id}, 'ipick', '{"allow_user_api_keys": false, "sign_up_enabled": true}')`.execute(
      db,
    );

    await migrate(db);
    const { config } = await db
      .selectFrom('identity_projects')
      .select('config')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(config).toMatchObject({ allow_user_api_keys: true, sign_up_enabled: true });
  });

  it('brings attribution windows above 90 days down to 90 and keeps them there', async () => {
    testDb = await createTestDatabase({ migrate: false });
    const { db } = testDb.database;
    await migrate(
      db,
      loadMigrations().filter((m) => m.version < 24),
    );
    const businesses = [
      { id: '0e9d6a52-3c1b-4f0e-9a57-1d2c3b4a5f60', days: 200 },
      { id: '1f0e7b63-4d2c-4a1f-8b68-2e3d4c5b6a71', days: 90 },
      { id: '2a1f8c74-5e3d-4b2a-9c79-3f4e5d6c7b82', days: 14 },
    ];
    for (const [index, business] of businesses.entries()) {
      await db
        .insertInto('businesses')
        .values({
          id: business.id,
          name: `Shop ${index}`,
          domain: `shop-${index}.example.com`,
          contact_email: `owner@shop-${index}.example.com`,
          status: 'active',
        })
        .execute();
      await db
        .insertInto('business_settings')
        .values({
          business_id: business.id,
          attribution_window_days: business.days,
          attribution_model: 'last_click',
        })
        .execute();
    }

    await migrate(db);
    const rows = await db
      .selectFrom('business_settings')
      .select(['business_id', 'attribution_window_days'])
      .execute();
    expect(
      Object.fromEntries(rows.map((row) => [row.business_id, row.attribution_window_days])),
    ).toEqual({
      [businesses[0]!.id]: 90,
      [businesses[1]!.id]: 90,
      [businesses[2]!.id]: 14,
    });
    await expect(
      db
        .updateTable('business_settings')
        .set({ attribution_window_days: 91 })
        .where('business_id', '=', businesses[2]!.id)
        .execute(),
    ).rejects.toThrow(/attribution_window_days_check/);
  });
});
