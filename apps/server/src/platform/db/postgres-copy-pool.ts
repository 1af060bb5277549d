import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isCopyFromStdin } from './copy-rows.ts';

/**
 * The pg pool as Kysely sees it, except that `copy … from stdin` with its data as the one
 * parameter (see copy-rows.ts) goes over PostgreSQL's COPY protocol, which plain queries
 * cannot use. Everything else reaches the pg client unchanged.
 */
export function withCopyFromStdin(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (sql: unknown, parameters?: readonly unknown[]): unknown => {
        if (typeof sql === 'string' && parameters && isCopyFromStdin(sql, parameters)) {
          return copyIn(client, sql, parameters[0] as string);
        }
        return client.query(sql as string, parameters as unknown[]);
      };
      return { query, release: () => client.release() } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

interface CopyResult {
  command: 'COPY';
  rowCount: number;
  rows: [];
}

function copyIn(client: pg.PoolClient, sql: string, data: string): Promise<CopyResult> {
  return new Promise((resolve, reject) =>
    client.query(new PipelinedCopy(sql, data, resolve, reject)),
  );
}

const COPY_DATA = 0x64; // 'd'
const COPY_DONE = 0x63; // 'c'
const COPY_ROW_COUNT = /^COPY (\d+)$/;

/**
 * One `COPY … FROM STDIN` with its data sent right behind the statement, in one write: a
 * single round trip to the server instead of two (waiting for CopyInResponse first, as
 * pg-copy-streams does, cost the click ledger an event-loop turn per batch). The protocol
 * allows it: the server reads the data once it is in COPY mode, and if the statement fails
 * before that, it ignores CopyData and CopyDone that arrive outside COPY mode.
 *
 * A pg "submittable": the client calls `submit` when the connection is free and passes it
 * the server's answers; it settles on ReadyForQuery, or on the first error (after which pg
 * itself waits for ReadyForQuery before the connection's next query).
 */
class PipelinedCopy implements pg.Submittable {
  readonly #sql: string;
  readonly #data: string;
  readonly #resolve: (result: CopyResult) => void;
  readonly #reject: (error: unknown) => void;
  #rowCount = 0;
  #isSettled = false;

  constructor(
    sql: string,
    data: string,
    resolve: (result: CopyResult) => void,
    reject: (error: unknown) => void,
  ) {
    this.#sql = sql;
    this.#data = data;
    this.#resolve = resolve;
    this.#reject = reject;
  }

  submit(connection: pg.Connection): void {
    connection.query(this.#sql);
    const length = Buffer.byteLength(this.#data);
    // CopyData (type, int32 length including itself, bytes), then CopyDone (type, int32 4).
    const frames = Buffer.allocUnsafe(5 + length + 5);
    frames[0] = COPY_DATA;
    frames.writeUInt32BE(length + 4, 1);
    frames.write(this.#data, 5, 'utf8');
    frames[5 + length] = COPY_DONE;
    frames.writeUInt32BE(4, 6 + length);
    connection.stream.write(frames);
  }

  handleCopyInResponse(): void {
    // The data is already on its way.
  }

  handleCommandComplete(message: { text?: string }): void {
    const match = COPY_ROW_COUNT.exec(message.text ?? '');
    if (match) this.#rowCount = Number(match[1]);
  }

  handleError(error: unknown): void {
    this.#settle(() => this.#reject(error));
  }

  handleReadyForQuery(): void {
    this.#settle(() => this.#resolve({ command: 'COPY', rowCount: this.#rowCount, rows: [] }));
  }

  #settle(settle: () => void): void {
    if (this.#isSettled) return;
    this.#isSettled = true;
    settle();
  }
}
