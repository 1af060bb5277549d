import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
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

function copyIn(client: pg.PoolClient, sql: string, data: string) {
  return new Promise((resolve, reject) => {
    const stream = client.query(copyFrom(sql));
    stream.once('error', reject);
    // pg-copy-streams finishes once the server has acknowledged the COPY.
    stream.once('finish', () => resolve({ command: 'COPY', rowCount: stream.rowCount, rows: [] }));
    stream.end(data);
  });
}
