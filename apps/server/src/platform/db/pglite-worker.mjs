// @ts-check
/**
 * Runs PGlite off the main thread. PGlite executes queries synchronously inside WebAssembly,
 * so on the main thread one slow query would stall every HTTP request (feasibility §2).
 *
 * Plain JavaScript on purpose: a worker thread must start without a TypeScript loader, both
 * under `node --import tsx` and inside the test runner.
 *
 * Protocol: the parent sends `{ id, op: 'query' | 'exec' | 'copy' | 'snapshot' | 'close', sql?,
 * params?, data? }` and gets back `{ id, ok: true, rows, affectedRows }` or `{ id, ok: false,
 * error }`. `copy` runs `copy … from stdin` with `data` (COPY text, UTF-8 bytes) as its input;
 * `snapshot` writes the whole cluster as a tarball to the file named by `sql`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const INT8_OID = 20;

if (!parentPort) throw new Error('pglite-worker must run in a worker thread');
const port = parentPort;

/** @type {{ dataDir: string | null, snapshotFile: string | null }} */
const { dataDir, snapshotFile } = workerData;

const db = new PGlite({
  ...(dataDir ? { dataDir } : {}),
  // Loading a ready cluster takes a fraction of the time `initdb` does (see `database.ts`).
  ...(snapshotFile ? { loadDataDir: new Blob([readFileSync(snapshotFile)]) } : {}),
  // Extensions must be given on every open: without pg_trgm every write to a table with a
  // trigram index fails (feasibility §2).
  extensions: { pg_trgm },
  // Same as the pg pool's parser: counts and ids come back as numbers on both databases.
  parsers: { [INT8_OID]: (value) => Number(value) },
});

db.waitReady.then(
  () => port.postMessage({ id: 0, ok: true, ready: true }),
  (error) => port.postMessage({ id: 0, ok: false, error: describeError(error) }),
);

port.on(
  'message',
  async (
    /** @type {{ id: number, op: string, sql?: string, params?: unknown[], data?: Uint8Array }} */ message,
  ) => {
    const { id, op } = message;
    try {
      if (op === 'snapshot') {
        const tarball = await db.dumpDataDir('none');
        writeFileSync(message.sql ?? '', Buffer.from(await tarball.arrayBuffer()));
        port.postMessage({ id, ok: true, rows: [], affectedRows: 0 });
        return;
      }
      if (op === 'close') {
        await db.close();
        port.postMessage({ id, ok: true, rows: [], affectedRows: 0 });
        return;
      }
      const sql = message.sql ?? '';
      const result =
        op === 'exec'
          ? await execLikePg(sql)
          : op === 'copy'
            ? await copyFromStdin(sql, message.data ?? new Uint8Array())
            : await db.query(sql, message.params ?? [], { rowMode: 'object' });
      port.postMessage({
        id,
        ok: true,
        rows: result?.rows ?? [],
        affectedRows: result?.affectedRows ?? 0,
      });
    } catch (error) {
      port.postMessage({ id, ok: false, error: describeError(error) });
    }
  },
);

/**
 * Like pg without parameters: the simple protocol, which allows several statements; pg then
 * returns no rows, and one statement's rows otherwise.
 * @param {string} sql
 */
async function execLikePg(sql) {
  const results = await db.exec(sql);
  return results.length === 1 ? results[0] : { rows: [], affectedRows: 0 };
}

/**
 * PGlite reads COPY input from a blob named `/dev/blob` rather than from the client.
 * @param {string} sql `copy … from stdin`
 * @param {Uint8Array} data COPY text, UTF-8
 */
function copyFromStdin(sql, data) {
  const fromBlob = sql.replace(/from\s+stdin$/i, "from '/dev/blob'");
  return db.query(fromBlob, [], { blob: new Blob([data]) });
}

/**
 * Errors cross the thread boundary as plain objects; keep the fields pg's DatabaseError has,
 * so callers can branch on the SQLSTATE code (e.g. 23505 unique violation) on both databases.
 * @param {unknown} error
 */
function describeError(error) {
  const e = /** @type {Record<string, unknown>} */ (error ?? {});
  return {
    message: error instanceof Error ? error.message : String(error),
    code: e.code,
    detail: e.detail,
    constraint: e.constraint,
    table: e.table,
    column: e.column,
    severity: e.severity,
  };
}
