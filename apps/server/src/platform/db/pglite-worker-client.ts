import { Worker } from 'node:worker_threads';

export interface SqlResult {
  rows: Record<string, unknown>[];
  affectedRows: number;
}

interface WorkerReply {
  id: number;
  ok: boolean;
  ready?: boolean;
  rows?: Record<string, unknown>[];
  affectedRows?: number;
  error?: DatabaseErrorFields;
}

interface DatabaseErrorFields {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

/** A database error raised inside the worker, rebuilt with pg's field names (code = SQLSTATE). */
export class PGliteQueryError extends Error {
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;

  constructor(fields: DatabaseErrorFields) {
    super(fields.message);
    this.name = 'PGliteQueryError';
    this.code = fields.code;
    this.detail = fields.detail;
    this.constraint = fields.constraint;
    this.table = fields.table;
    this.column = fields.column;
  }
}

interface Pending {
  resolve: (result: SqlResult) => void;
  reject: (error: Error) => void;
}

/**
 * The main-thread side of `pglite-worker.mjs`: sends statements to the worker and matches the
 * replies. It does not order or lock anything; the Kysely driver above it does.
 */
export class PGliteWorkerClient {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #failure: Error | null = null;
  #ready: Promise<void>;

  private constructor(dataDir: string | null, snapshotFile: string | null) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, snapshotFile },
    });
    this.#ready = new Promise((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
    });
    this.#worker.on('message', (reply: WorkerReply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (exitCode) => {
      this.#fail(new Error(`The database worker stopped (exit code ${exitCode}).`));
    });
  }

  /** Starts the worker and waits until PGlite has opened (or created) the data directory. */
  static async start(
    dataDir: string | null,
    snapshotFile: string | null = null,
  ): Promise<PGliteWorkerClient> {
    const client = new PGliteWorkerClient(dataDir, snapshotFile);
    try {
      await client.#ready;
    } catch (error) {
      await client.#worker.terminate();
      throw error;
    }
    return client;
  }

  /** False once the worker has crashed or closed; queries then fail at once. */
  get isAlive(): boolean {
    return this.#failure === null;
  }

  query(sql: string, params: readonly unknown[]): Promise<SqlResult> {
    return this.#send({ op: 'query', sql, params });
  }

  /** Runs one or more statements without parameters (simple query protocol). */
  exec(sql: string): Promise<SqlResult> {
    return this.#send({ op: 'exec', sql });
  }

  /** Runs `copy … from stdin` with `data` (COPY text format) as its input. */
  copyFrom(sql: string, data: string): Promise<SqlResult> {
    // As bytes whose memory moves to the worker: cloning a long string built piece by piece
    // cost the main thread several microseconds per click.
    const bytes = Buffer.from(data);
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const moved = owned ? bytes : new Uint8Array(bytes); // small buffers share Node's pool
    return this.#send({ op: 'copy', sql, data: moved }, [moved.buffer]);
  }

  /** Writes the whole cluster to `file` as a tarball that `start` can begin from. */
  async snapshot(file: string): Promise<void> {
    await this.#send({ op: 'snapshot', sql: file });
  }

  /** Stops the worker at once, as a crash would: queries then fail (outage tests). */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    try {
      await this.#send({ op: 'close' });
    } finally {
      this.#failure = new Error('The database is closed.');
      await this.#worker.terminate();
    }
  }

  #send(
    message: {
      op: string;
      sql?: string;
      params?: readonly unknown[];
      data?: Uint8Array;
    },
    transfer: ArrayBuffer[] = [],
  ): Promise<SqlResult> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message }, transfer);
    });
  }

  #settle(reply: WorkerReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) {
      pending.resolve({ rows: reply.rows ?? [], affectedRows: reply.affectedRows ?? 0 });
    } else {
      pending.reject(new PGliteQueryError(reply.error ?? { message: 'Unknown database error' }));
    }
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
