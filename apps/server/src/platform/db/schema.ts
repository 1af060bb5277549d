import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Each module adds its tables here as its migrations create them. */
export interface DatabaseSchema {
  schema_migrations: SchemaMigrationsTable;
  app_state: AppStateTable;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, Date | undefined, never>;
}

/** Small facts about this installation, e.g. whether the demo data was loaded. */
export interface AppStateTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}
