import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';
import { isRunnerGone } from './import-runner.ts';

export const INTERRUPTED_IMPORT_MESSAGE =
  'ipick stopped while this import was running; the rows counted so far are kept. Run it again.';

/**
 * Run at start-up: imports still "running" whose process on this host has died (a crash,
 * SIGKILL, a restart) are marked `interrupted`, keeping the row counts they had reached, and
 * their temporary folders are removed. Imports that another live process (or another host) runs
 * are left alone. Returns the ids marked.
 */
export async function recoverInterruptedImports(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const running = await db
    .selectFrom('feed_imports')
    .select(['id', 'runner', 'temp_dirs'])
    .where('status', '=', 'running')
    .execute();
  const marked: string[] = [];
  for (const row of running) {
    if (isRunnerGone(row.runner) !== true) continue;
    const updated = await db
      .updateTable('feed_imports')
      .set({
        status: 'interrupted',
        finished_at: new Date(),
        phase: null,
        error: INTERRUPTED_IMPORT_MESSAGE,
        temp_dirs: [],
      })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) continue; // another process got there first
    for (const dir of row.temp_dirs) await removeTempDir(dir);
    marked.push(row.id);
  }
  return marked;
}

/** Removes one of ipick's temporary folders; never anything outside the temporary directory. */
async function removeTempDir(dir: string): Promise<void> {
  const path = resolve(dir);
  if (dirname(path) !== resolve(tmpdir()) || !basename(path).startsWith('ipick-')) return;
  await rm(path, { recursive: true, force: true });
}
