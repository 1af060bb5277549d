import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseKind } from '@ipick/contracts';
import { lockDataDir } from './data-dir-lock.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteWorkerClient } from './pglite-worker-client.ts';
import { withCopyFromStdin } from './postgres-copy-pool.ts';
import type { DatabaseSchema } from './schema.ts';

export type DatabaseOptions =
  /**
   * `dataDir: null` keeps the database in memory (tests). `snapshotFile` (in memory only)
   * starts from a cluster saved by `snapshot`: about 0.4 s against 2–3 s for a new cluster,
   * which the server suite pays once per test file.
   */
  | { kind: 'pglite'; dataDir: string | null; snapshotFile?: string }
  | ({ kind: 'postgres'; url: string; maxConnections?: number } & PostgresTimeouts);

/** How long ipick waits on PostgreSQL (config: DATABASE_*), so an outage gives quick 503s. */
export interface PostgresTimeouts {
  /** For a new connection (pg's `connectionTimeoutMillis`). */
  connectTimeoutMs?: number;
  /** For one statement, on the server (`statement_timeout`) and, a little longer, in pg. */
  statementTimeoutMs?: number;
  /** How long start-up keeps trying to reach the database before giving up. */
  startupRetryMs?: number;
  /** Told of each failed start-up attempt, with the wait before the next one. */
  onStartupRetry?: (message: string, waitMs: number) => void;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_STARTUP_RETRY_MS = 60_000;

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DatabaseSchema>;
  /** Whether the database can take queries now. Never waits behind other queries on PGlite. */
  isAvailable(): Promise<boolean>;
  /**
   * PGlite only: stops its worker as a crash would, for tests of an outage (PostgreSQL's are
   * made by stopping the server or the network). `close` still cleans up after it.
   */
  crashForTests?(): Promise<void>;
  /** PGlite only: saves the whole database to `file`, to start others from (`snapshotFile`). */
  snapshot?(file: string): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;
const POSTGRES_PING_TIMEOUT_MS = 2000;

/**
 * Opens the embedded PGlite database (default) or PostgreSQL. Both speak the same SQL, so the
 * rest of the server sees one Kysely instance and never asks which one it got.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPGlite(options.dataDir, options.snapshotFile ?? null)
    : openPostgres(options);
}

async function openPGlite(dataDir: string | null, snapshotFile: string | null): Promise<Database> {
  if (dataDir !== null && snapshotFile !== null) {
    throw new Error('A PGlite snapshot can only start an in-memory database');
  }
  const lock = dataDir === null ? null : lockDataDir(dataDir);
  let client: PGliteWorkerClient;
  try {
    // The lock sits beside the database files, so other data (uploads) can share the folder.
    client = await PGliteWorkerClient.start(
      dataDir === null ? null : join(dataDir, 'pglite'),
      snapshotFile,
    );
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
    crashForTests: () => client.terminate(),
    snapshot: (file) => client.snapshot(file),
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

async function openPostgres(
  options: { url: string; maxConnections?: number } & PostgresTimeouts,
): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // The server cancels a statement past its time; pg gives up a little later, for a server
    // that cannot even do that (frozen, or the network gone quiet).
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    // Same as PGlite's parser in the worker: bigint counts come back as numbers on both.
    types: { getTypeParser: getPostgresTypeParser },
  });
  // An idle client that loses its connection emits 'error'; without a listener that would
  // crash the process. The pool replaces the client on next use.
  pool.on('error', () => {});
  // So does a client that is checked out but between queries when its connection drops (the
  // server stopped): its next query fails instead, which a request answers with a 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: withCopyFromStdin(pool) }),
  });
  try {
    // Fail at start-up, not on the first request; a database still starting is waited for.
    await reachDatabase(() => sql`select 1`.execute(db), options);
  } catch (error) {
    await db.destroy();
    throw error;
  }
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

/**
 * Start-up could not use PostgreSQL: the message says where it tried (never the password), why,
 * and which variable to check.
 */
export class DatabaseUnreachableError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** `host:port/database` of a connection URL, without user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const database = parsed.pathname.replace(/^\//, '');
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${database ? `/${database}` : ''}`;
  } catch {
    return 'an address that is not a URL';
  }
}

/**
 * Runs `attempt` until it succeeds, waiting 0.5 s, then twice as long each time (at most 5 s),
 * while the database is unavailable and `startupRetryMs` has not passed. Any other error (a
 * wrong password, a missing database) is not worth waiting for and ends it at once.
 */
async function reachDatabase(
  attempt: () => Promise<unknown>,
  options: { url: string } & PostgresTimeouts,
): Promise<void> {
  const deadline = Date.now() + (options.startupRetryMs ?? DEFAULT_STARTUP_RETRY_MS);
  let waitMs = 500;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (error) {
      const where = `PostgreSQL at ${describeDatabaseUrl(options.url)} (DATABASE_URL)`;
      if (!isDatabaseUnavailable(error)) {
        throw new DatabaseUnreachableError(`${where} refused ipick: ${reasonOf(error)}`, error);
      }
      if (Date.now() + waitMs > deadline) {
        throw new DatabaseUnreachableError(
          `Cannot reach ${where}: ${reasonOf(error)}. Check the host and port in DATABASE_URL, ` +
            'and that the server is running.',
          error,
        );
      }
      options.onStartupRetry?.(`Cannot reach ${where}: ${reasonOf(error)}`, waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waitMs = Math.min(waitMs * 2, 5_000);
    }
  }
}
