import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { isCopyFromStdin } from './copy-rows.ts';
import type { PGliteWorkerClient } from './pglite-worker-client.ts';

/**
 * Kysely over PGlite in a worker. PGlite has a single session, so the driver hands out one
 * connection at a time: a transaction holds it from BEGIN to COMMIT and no other caller's
 * statement can slip in between (feasibility §2: a raw BEGIN on a shared session leaks).
 */
export class PGliteDialect implements Dialect {
  readonly #client: PGliteWorkerClient;

  constructor(client: PGliteWorkerClient) {
    this.#client = client;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#client);
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  /** Resolves when the current holder releases the connection. */
  #released: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(client: PGliteWorkerClient) {
    this.#connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#released;
    let release!: () => void;
    this.#released = new Promise((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async destroy(): Promise<void> {}
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGliteWorkerClient;

  constructor(client: PGliteWorkerClient) {
    this.#client = client;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    // pg sends a statement without parameters over the simple protocol, which allows several
    // statements in one string (migrations rely on it); do the same here.
    const result =
      parameters.length === 0
        ? await this.#client.exec(sql)
        : isCopyFromStdin(sql, parameters)
          ? await this.#client.copyFrom(sql, parameters[0] as string)
          : await this.#client.query(sql, parameters);
    return {
      rows: result.rows as R[],
      numAffectedRows: BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite; page through results instead.');
  }
}
