import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseKind } from '@ipick/contracts';
import { lockDataDir } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteWorkerClient } from './pglite-worker-client.ts';
import { withCopyFromStdin } from './postgres-copy-pool.ts';
import type { DatabaseSchema } from './schema.ts';

export type DatabaseOptions =
  /** `dataDir: null` keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null }
  | { kind: 'postgres'; url: string; maxConnections?: number };

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DatabaseSchema>;
  /** Whether the database can take queries now. Never waits behind other queries on PGlite. */
  isAvailable(): Promise<boolean>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const POSTGRES_PING_TIMEOUT_MS = 2000;

/**
 * Opens the embedded PGlite database (default) or PostgreSQL. Both speak the same SQL, so the
 * rest of the server sees one Kysely instance and never asks which one it got.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPGlite(options.dataDir) : openPostgres(options);
}

async function openPGlite(dataDir: string | null): Promise<Database> {
  const lock = dataDir === null ? null : lockDataDir(dataDir);
  let client: PGliteWorkerClient;
  try {
    // The lock sits beside the database files, so other data (uploads) can share the folder.
    client = await PGliteWorkerClient.start(dataDir === null ? null : join(dataDir, 'pglite'));
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect(client) });
  return {
    kind: 'pglite',
    db,
    // A ping would queue behind a slow query on PGlite's single session; the worker being
    // alive is what "available" means here.
    isAvailable: () => Promise.resolve(client.isAlive),
    async close() {
      try {
        await db.destroy();
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const parseInt8 = (value: string) => Number(value);

function getPostgresTypeParser(
  oid: number,
  format?: 'text' | 'binary',
): (value: string) => unknown {
  if (oid === INT8_OID) return parseInt8;
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}

async function openPostgres(options: { url: string; maxConnections?: number }): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // Same as PGlite's parser in the worker: bigint counts come back as numbers on both.
    types: { getTypeParser: getPostgresTypeParser },
  });
  // An idle client that loses its connection emits 'error'; without a listener that would
  // crash the process. The pool replaces the client on next use.
  pool.on('error', () => {});
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: withCopyFromStdin(pool) }),
  });
  await sql`select 1`.execute(db); // fail at start-up, not on the first request
  return {
    kind: 'postgres',
    db,
    async isAvailable() {
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_, reject) => setTimeout(reject, POSTGRES_PING_TIMEOUT_MS).unref()),
        ]);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
