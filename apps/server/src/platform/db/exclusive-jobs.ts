import { crc32 } from 'node:zlib';
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** The first half of every advisory lock key of ipick's jobs ("ipk"); the job's name the second. */
const JOB_LOCK_CLASS = 0x69706b;

/** Locks this process holds on the embedded database, which only one process can open. */
const heldInProcess = new Set<string>();

/** Both halves of a job's advisory lock key, as PostgreSQL's two-int4 form takes them. */
function lockKey(name: string): [number, number] {
  return [JOB_LOCK_CLASS, crc32(name) | 0];
}

export type LockedRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `job` unless another process (or this one) holds the lock named `name`: a PostgreSQL
 * session advisory lock, so that of several ipick processes on one database one does the work
 * and the others skip it. The lock goes with its connection: a process killed mid-job frees it
 * at once. The embedded database is one process's, so there an in-process lock is the same.
 */
export async function withJobLock<T>(
  database: Database,
  name: string,
  job: () => Promise<T>,
): Promise<LockedRun<T>> {
  if (database.kind !== 'postgres') {
    if (heldInProcess.has(name)) return { ran: false };
    heldInProcess.add(name);
    try {
      return { ran: true, value: await job() };
    } finally {
      heldInProcess.delete(name);
    }
  }
  const [classId, objectId] = lockKey(name);
  // One pooled connection holds the lock while the job uses the pool's others.
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${classId}::int4, ${objectId}::int4) as locked
    `.execute(connection);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, value: await job() };
    } finally {
      await sql`select pg_advisory_unlock(${classId}::int4, ${objectId}::int4)`
        .execute(connection)
        .catch(() => {}); // a lost connection has let it go already
    }
  });
}

interface JobRecord {
  lastFinishedAt: string;
  runs: number;
}

export interface PeriodicJobOptions {
  /** Names the lock and the record of the job's last run (app_state `job:<name>`). */
  name: string;
  /** How often the job is meant to run across all processes. */
  everyMs: number;
  now?: () => Date;
}

/**
 * Runs a periodic job once per period across every process on the database: under the job's
 * lock, and only if no process finished it within the last half period (each process's timer
 * fires on its own clock; half a period absorbs the drift between them). Resolves with whether
 * this process ran it. The last run is kept in `app_state`, with a count of runs.
 */
export async function runPeriodicJob(
  database: Database,
  options: PeriodicJobOptions,
  job: () => Promise<void>,
): Promise<boolean> {
  const now = options.now ?? (() => new Date());
  const key = `job:${options.name}`;
  const result = await withJobLock(database, options.name, async () => {
    const row = await database.db
      .selectFrom('app_state')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    const last = row?.value as JobRecord | undefined;
    if (last && now().getTime() - Date.parse(last.lastFinishedAt) < options.everyMs / 2) {
      return false;
    }
    await job();
    const record: JobRecord = {
      lastFinishedAt: now().toISOString(),
      runs: (last?.runs ?? 0) + 1,
    };
    await database.db
      .insertInto('app_state')
      .values({ key, value: JSON.stringify(record) })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet({ value: JSON.stringify(record), updated_at: new Date() }),
      )
      .execute();
    return true;
  });
  return result.ran && result.value;
}

/** How many times a periodic job has run across all processes (tests and operators). */
export async function periodicJobRuns(database: Database, name: string): Promise<number> {
  const row = await database.db
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', `job:${name}`)
    .executeTakeFirst();
  return (row?.value as JobRecord | undefined)?.runs ?? 0;
}
