import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { databaseUrl, newDatabaseName, runOnServer, testDatabaseKind } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite cluster (tarball) for `createTestDatabase` to start from, or ''. */
    migratedPgliteSnapshot: string;
    /** A new PGlite cluster, before any migration, for `createTestDatabase({ migrate: false })`. */
    emptyPgliteSnapshot: string;
    /** On PostgreSQL, a migrated database for `createTestDatabase` to copy, or ''. */
    migratedPostgresTemplate: string;
  }
}

/**
 * Once per run of the server suite, migrate one database and keep it, so each test file starts
 * from a copy instead of running every migration again: a saved cluster on PGlite (which also
 * skips `initdb`), a template database on PostgreSQL. On PGlite the new cluster is saved too,
 * before its migrations, for the tests that migrate from nothing: `initdb` takes several times
 * longer than all the migrations together.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('migratedPgliteSnapshot', '');
  project.provide('emptyPgliteSnapshot', '');
  project.provide('migratedPostgresTemplate', '');
  return testDatabaseKind() === 'pglite'
    ? savePgliteSnapshot(project)
    : makePostgresTemplate(project);
}

async function makePostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL!;
  const name = newDatabaseName('template');
  await runOnServer(serverUrl, `create database ${name}`);
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  project.provide('migratedPostgresTemplate', name);
  return () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
}

async function savePgliteSnapshot(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'ipick-test-snapshot-'));
  const emptyFile = join(folder, 'empty.tar');
  const migratedFile = join(folder, 'migrated.tar');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await database.snapshot!(emptyFile);
    await migrate(database.db);
    await database.snapshot!(migratedFile);
  } finally {
    await database.close();
  }
  project.provide('emptyPgliteSnapshot', emptyFile);
  project.provide('migratedPgliteSnapshot', migratedFile);
  return () => Promise.resolve(rmSync(folder, { recursive: true, force: true }));
}
