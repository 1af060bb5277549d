import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** Which database this run of the suite uses: `IPICK_TEST_DATABASE`, PGlite by default. */
export function testDatabaseKind(): TestDatabaseKind {
  const kind = process.env.IPICK_TEST_DATABASE ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') {
    throw new Error(`IPICK_TEST_DATABASE must be 'pglite' or 'postgres', got '${kind}'`);
  }
  if (kind === 'postgres' && !process.env.DATABASE_URL) {
    throw new Error('IPICK_TEST_DATABASE=postgres needs DATABASE_URL to reach a PostgreSQL server');
  }
  return kind;
}

export interface TestDatabase {
  database: Database;
  migrationVersion: number;
  /** On PostgreSQL, the database's connection URL. */
  url?: string;
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of DATABASE_URL, dropped afterwards. `migrate: false` gives an empty one.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const shouldMigrate = options.migrate ?? true;
  if (testDatabaseKind() === 'pglite') {
    // A cluster the suite's global set-up saved, migrated (migrating again then only checks) or
    // not yet: either way no `initdb`.
    const snapshot = inject(shouldMigrate ? 'migratedPgliteSnapshot' : 'emptyPgliteSnapshot');
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      ...(snapshot ? { snapshotFile: snapshot } : {}),
    });
    const migrationVersion = shouldMigrate ? (await migrate(database.db)).version : 0;
    return { database, migrationVersion, dispose: () => database.close() };
  }

  const serverUrl = process.env.DATABASE_URL!;
  const name = newDatabaseName('test');
  // A copy of the suite's migrated template takes a fraction of the time the migrations do.
  const template = shouldMigrate ? inject('migratedPostgresTemplate') : '';
  await runOnServer(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  const migrationVersion = shouldMigrate ? (await migrate(database.db)).version : 0;
  return {
    database,
    migrationVersion,
    url,
    async dispose() {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * PGlite only: a new data directory (IPICK_DATA_DIR) that already holds a cluster the suite's
 * global set-up saved, migrated (as a server left it) or not yet, for tests of the commands and
 * processes that open a data directory themselves: each would otherwise run `initdb` first, the
 * slowest part of opening a database.
 */
export async function seededPgliteDataDir(
  prefix: string,
  options: { migrated?: boolean } = {},
): Promise<string> {
  const snapshot = inject(
    (options.migrated ?? true) ? 'migratedPgliteSnapshot' : 'emptyPgliteSnapshot',
  );
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  // `openDatabase` keeps the cluster in the data directory's folder `pglite`.
  const pglite = new PGlite({
    dataDir: join(dataDir, 'pglite'),
    loadDataDir: new Blob([readFileSync(snapshot)]),
    extensions: { pg_trgm },
  });
  await pglite.waitReady;
  await pglite.close();
  return dataDir;
}

/** A database name no other test file or run uses. */
export function newDatabaseName(purpose: 'test' | 'template'): string {
  return `ipick_${purpose}_${randomBytes(6).toString('hex')}`;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
