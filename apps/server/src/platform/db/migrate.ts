import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
/** Any fixed number: processes starting together take turns on this advisory lock. */
const MIGRATION_LOCK_ID = 7_424_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: Migration[];
  version: number;
}

/** The numbered SQL files beside this module, in order. */
export function loadMigrations(dir: URL = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) throw new Error(`Migration file ${file} must be named like 0001_name.sql`);
      const text = readFileSync(new URL(file, dir), 'utf8');
      return {
        version: Number(match[1]),
        name: match[2]!,
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction, so a
 * failure leaves the database as it was. Forward-only; a recorded migration whose file has
 * since changed stops start-up rather than leave the schema and the code out of step.
 */
export async function migrate(
  db: Kysely<DatabaseSchema>,
  migrations: Migration[] = loadMigrations(),
): Promise<MigrationReport> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const recorded = await trx
      .selectFrom('schema_migrations')
      .select(['version', 'name', 'checksum'])
      .execute();
    const recordedByVersion = new Map(recorded.map((row) => [row.version, row]));

    const applied: Migration[] = [];
    for (const migration of migrations) {
      const previous = recordedByVersion.get(migration.version);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${fileName(migration)} was changed after it was applied. ` +
              'Migrations are forward-only: restore the file and add a new migration instead.',
          );
        }
        continue;
      }
      await sql.raw(migration.sql).execute(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, checksum: migration.checksum })
        .execute();
      applied.push(migration);
    }
    const version = Math.max(
      0,
      ...recorded.map((row) => row.version),
      ...applied.map((m) => m.version),
    );
    return { applied, version };
  });
}

function fileName(migration: Migration): string {
  return `${String(migration.version).padStart(4, '0')}_${migration.name}.sql`;
}
