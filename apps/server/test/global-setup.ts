import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite cluster (tarball) for `createTestDatabase` to start from; '' on PostgreSQL. */
    migratedPgliteSnapshot: string;
  }
}

/**
 * Once per run of the server suite: on PGlite, migrate one in-memory database and save it, so
 * each test file loads a ready cluster instead of running `initdb` and every migration again.
 */
export async function setup(project: TestProject): Promise<() => void> {
  if ((process.env.IPICK_TEST_DATABASE ?? 'pglite') !== 'pglite') {
    project.provide('migratedPgliteSnapshot', '');
    return () => {};
  }
  const folder = mkdtempSync(join(tmpdir(), 'ipick-test-snapshot-'));
  const file = join(folder, 'migrated.tar');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrate(database.db);
    await database.snapshot!(file);
  } finally {
    await database.close();
  }
  project.provide('migratedPgliteSnapshot', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
