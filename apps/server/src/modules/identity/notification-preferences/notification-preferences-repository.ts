import type { ColumnType, Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../platform/db/schema.ts';

/** `identity_notification_preferences` (migration 0043): only the choices users made. */
export interface IdentityNotificationPreferencesTable {
  user_id: string;
  category_id: string;
  enabled: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

declare module '../../../platform/db/schema.ts' {
  interface DatabaseSchema {
    identity_notification_preferences: IdentityNotificationPreferencesTable;
  }
}

/** The only place with SQL for notification preferences. */
export class NotificationPreferencesRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  /** The user's choices, by category id. */
  async choices(userId: string): Promise<Map<string, boolean>> {
    const rows = await this.#db
      .selectFrom('identity_notification_preferences')
      .select(['category_id', 'enabled'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((row) => [row.category_id, row.enabled]));
  }

  async choose(userId: string, categoryId: string, enabled: boolean): Promise<void> {
    await this.#db
      .insertInto('identity_notification_preferences')
      .values({ user_id: userId, category_id: categoryId, enabled })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'category_id'])
          .doUpdateSet({ enabled, updated_at: new Date() }),
      )
      .execute();
  }
}
