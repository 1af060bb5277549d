import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type {
  DatabaseSchema,
  FavoritesTable,
  SearchHistoryTable,
} from '../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export type HistoryRow = Selectable<SearchHistoryTable>;
/**
 * A history entry as listed: the latest comparison of a link, how often it was compared, and
 * its product's category from that comparison (null when unknown).
 */
export type HistoryListRow = HistoryRow & { compare_count: number; category: string | null };
/** A favourite with its product's category from the comparison it came from (null if unknown). */
export type FavoriteRow = Selectable<FavoritesTable> & { category: string | null };
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

  /**
   * One entry per product link, the latest comparison of it, with how many times the shopper
   * compared it (issue 19: a link pasted again is not a new row), newest first.
   */
  async listHistory(userId: string, limit: number): Promise<HistoryListRow[]> {
    const { rows } = await sql<HistoryListRow>`
      select latest.*, ${comparedCategory(sql.ref('latest.request_id'))} as category from (
        select distinct on (url) h.*, count(*) over (partition by url) as compare_count
        from search_history h
        where h.user_id = ${userId}
        order by url, compared_at desc, request_id desc
      ) latest
      order by compared_at desc, request_id desc
      limit ${limit}
    `.execute(this.#db);
    return rows.map((row) => ({ ...row, compare_count: Number(row.compare_count) }));
  }

  /**
   * Forgets the product of a comparison: every comparison of its link, as the list shows them
   * as one. False when the shopper has no entry with that request id.
   */
  async deleteHistoryEntry(userId: string, requestId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('search_history')
      .where('user_id', '=', userId)
      .where('url', '=', (eb) =>
        eb
          .selectFrom('search_history')
          .select('url')
          .where('user_id', '=', userId)
          .where('request_id', '=', requestId),
      )
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async clearHistory(userId: string): Promise<void> {
    await this.#db.deleteFrom('search_history').where('user_id', '=', userId).execute();
  }

  listFavorites(userId: string): Promise<FavoriteRow[]> {
    return this.#db
      .selectFrom('favorites as f')
      .selectAll('f')
      .select(favoriteCategory)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findFavoriteByUrl(userId: string, url: string): Promise<FavoriteRow | undefined> {
    return this.#db
      .selectFrom('favorites as f')
      .selectAll('f')
      .select(favoriteCategory)
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
      with added as (
      insert into favorites
        (id, user_id, request_id, path, url, title, retailer_name, price_minor, currency, image_url)
      select ${favorite.id}::uuid, ${favorite.user_id}::uuid, ${favorite.request_id ?? null}::uuid,
        ${favorite.path ?? null}::text, ${favorite.url}::text, ${favorite.title}::text,
        ${favorite.retailer_name}::text, ${favorite.price_minor ?? null}::bigint,
        ${favorite.currency ?? null}::text, ${favorite.image_url ?? null}::text
      where (select count(*) from favorites where user_id = ${favorite.user_id}) < ${limit}
      on conflict (user_id, url) do nothing
      returning *
      )
      select f.*, ${favoriteCategoryOf} as category from added f`.execute(this.#db);
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

/**
 * The category of the pasted product of the saved comparison `requestId` (module compare's
 * `compare_requests`, read only); null when the comparison is gone or older than categories.
 */
function comparedCategory(requestId: RawBuilder<unknown>) {
  return sql<string | null>`(
    select c.result -> 'product' ->> 'category' from compare_requests c where c.id = ${requestId})`;
}

/**
 * The category of the product a favourite (`f`) links to, from the comparison it was favourited
 * from: the pasted product's, or that of the offer with its link (an offer of the same product
 * without one takes the pasted product's). Null when unknown, as for favourites of old comparisons.
 */
const favoriteCategoryOf = sql<string | null>`(
  select coalesce(
    e.value ->> 'category',
    case when e.list <> 'alternatives' then c.result -> 'product' ->> 'category' end
  )
  from compare_requests c
  cross join lateral (
    select 0 as rank, 'product' as list, c.result -> 'product' as value
    union all
    select 1, 'sameProduct', v from jsonb_array_elements(c.result -> 'sameProduct') v
    union all
    select 2, 'alternatives', v from jsonb_array_elements(c.result -> 'alternatives') v
  ) e
  where c.id = f.request_id and e.value ->> 'url' = f.url
  order by e.rank
  limit 1
)`;
const favoriteCategory = favoriteCategoryOf.as('category');
