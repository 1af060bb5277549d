import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  DatabaseSchema,
  FavoritesTable,
  SearchHistoryTable,
} from '../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export type HistoryRow = Selectable<SearchHistoryTable>;
export type FavoriteRow = Selectable<FavoritesTable>;
export type NewHistoryEntry = Omit<Insertable<SearchHistoryTable>, 'compared_at'>;
export type NewFavorite = Omit<Insertable<FavoritesTable>, 'created_at'>;

/** The only place with SQL for a shopper's history and favourites. */
export class ShopperRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Records a comparison (or moves it to the top when its request id ran before) and drops the
   * shopper's entries beyond the newest `limit`, in one transaction.
   */
  async recordHistory(entry: NewHistoryEntry, limit: number): Promise<void> {
    const { user_id: userId, request_id: requestId, ...fields } = entry;
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('search_history')
        .values(entry)
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'request_id'])
            .doUpdateSet({ ...fields, compared_at: sql<Date>`now()` }),
        )
        .execute();
      await trx
        .deleteFrom('search_history')
        .where('user_id', '=', userId)
        .where('request_id', '<>', requestId)
        .where('request_id', 'not in', (query) =>
          query
            .selectFrom('search_history')
            .select('request_id')
            .where('user_id', '=', userId)
            .orderBy('compared_at', 'desc')
            .orderBy('request_id', 'desc')
            .limit(limit),
        )
        .execute();
    });
  }

  listHistory(userId: string, limit: number): Promise<HistoryRow[]> {
    return this.#db
      .selectFrom('search_history')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('compared_at', 'desc')
      .orderBy('request_id', 'desc')
      .limit(limit)
      .execute();
  }

  /** False when the shopper has no entry with that request id. */
  async deleteHistoryEntry(userId: string, requestId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('search_history')
      .where('user_id', '=', userId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async clearHistory(userId: string): Promise<void> {
    await this.#db.deleteFrom('search_history').where('user_id', '=', userId).execute();
  }

  listFavorites(userId: string): Promise<FavoriteRow[]> {
    return this.#db
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findFavoriteByUrl(userId: string, url: string): Promise<FavoriteRow | undefined> {
    return this.#db
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('url', '=', url)
      .executeTakeFirst();
  }

  /**
   * Adds a favourite unless the shopper already has its link or already has `limit` favourites;
   * one statement, so two tabs adding the same link at once still make one row. Undefined when
   * nothing was added.
   */
  async addFavorite(favorite: NewFavorite, limit: number): Promise<FavoriteRow | undefined> {
    const { rows } = await sql<FavoriteRow>`
      insert into favorites
        (id, user_id, request_id, path, url, title, retailer_name, price_minor, currency, image_url)
      select ${favorite.id}::uuid, ${favorite.user_id}::uuid, ${favorite.request_id ?? null}::uuid,
        ${favorite.path ?? null}::text, ${favorite.url}::text, ${favorite.title}::text,
        ${favorite.retailer_name}::text, ${favorite.price_minor ?? null}::bigint,
        ${favorite.currency ?? null}::text, ${favorite.image_url ?? null}::text
      where (select count(*) from favorites where user_id = ${favorite.user_id}) < ${limit}
      on conflict (user_id, url) do nothing
      returning *`.execute(this.#db);
    return rows[0];
  }

  /** False when the shopper has no favourite with that id. */
  async deleteFavorite(userId: string, id: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
