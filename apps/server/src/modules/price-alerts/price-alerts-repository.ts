import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, PriceAlertsTable } from '../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;
export type PriceAlertRecord = Selectable<PriceAlertsTable>;

/** An alert with what its offer says now. */
export interface PriceAlertRow extends PriceAlertRecord {
  url: string;
  current_total_minor: number | null;
  current_currency: string | null;
}

/** An alert that has just fired, with what the email needs. */
export interface FiredAlertRow {
  id: string;
  user_id: string;
  offer_id: string;
  title: string;
  retailer_name: string;
  target_minor: number;
  currency: string;
  total_minor: number;
  price_minor: number;
  shipping_minor: number | null;
  email: string | null;
}

/** The offer an alert is made for. */
export interface AlertOfferRow {
  id: string;
  title: string;
  retailer_name: string;
  price_minor: number | null;
  shipping_minor: number | null;
  currency: string | null;
}

/** An offer's total: its price plus shipping when the shop says (unknown shipping counts 0). */
const offerTotal = sql<number>`o.price_minor + coalesce(o.shipping_minor, 0)`;

const UNSUBSCRIBE_SECRET_KEY = 'price_alert_unsubscribe_secret';

/** The only place with SQL for price-drop alerts (code-style §5). */
export class PriceAlertsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  findOffer(offerId: string): Promise<AlertOfferRow | undefined> {
    return this.#db
      .selectFrom('offers as o')
      .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
      .select([
        'o.id',
        'o.title',
        'r.display_name as retailer_name',
        'o.price_minor',
        'o.shipping_minor',
        'o.currency',
      ])
      .where('o.id', '=', offerId)
      .executeTakeFirst();
  }

  #listQuery() {
    return this.#db
      .selectFrom('price_alerts as a')
      .innerJoin('offers as o', 'o.id', 'a.offer_id')
      .selectAll('a')
      .select([
        'o.url',
        sql<number | null>`case when o.price_minor is null then null else ${offerTotal} end`.as(
          'current_total_minor',
        ),
        'o.currency as current_currency',
      ]);
  }

  listForUser(userId: string): Promise<PriceAlertRow[]> {
    return this.#listQuery()
      .where('a.user_id', '=', userId)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
  }

  findForUser(userId: string, id: string): Promise<PriceAlertRow | undefined> {
    return this.#listQuery()
      .where('a.user_id', '=', userId)
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  findById(id: string): Promise<PriceAlertRecord | undefined> {
    return this.#db.selectFrom('price_alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByOffer(userId: string, offerId: string): Promise<PriceAlertRecord | undefined> {
    return this.#db
      .selectFrom('price_alerts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('offer_id', '=', offerId)
      .executeTakeFirst();
  }

  /**
   * Adds the alert unless the shopper already holds `limit`; the count and the insert run in
   * one transaction holding the shopper's row lock, so two requests at once cannot both pass
   * the limit. Returns false when the list is full.
   */
  async insertWithinLimit(alert: Insertable<PriceAlertsTable>, limit: number): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('identity_users')
        .select('id')
        .where('id', '=', alert.user_id)
        .forUpdate()
        .execute();
      const { count } = await trx
        .selectFrom('price_alerts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', alert.user_id)
        .executeTakeFirstOrThrow();
      if (Number(count) >= limit) return false;
      const inserted = await trx
        .insertInto('price_alerts')
        .values(alert)
        .onConflict((conflict) => conflict.columns(['user_id', 'offer_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    });
  }

  /** Moves the mark and/or pauses; a new mark waits for the next drop below it (re-armed). */
  async update(
    userId: string,
    id: string,
    changes: { isPaused?: boolean; targetMinor?: number; path?: string | null },
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('price_alerts')
      .set({
        ...(changes.isPaused !== undefined ? { is_paused: changes.isPaused } : {}),
        ...(changes.targetMinor !== undefined
          ? { target_minor: changes.targetMinor, is_armed: true }
          : {}),
        ...(changes.path !== undefined ? { path: changes.path } : {}),
        updated_at: new Date(),
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(userId: string | null, id: string): Promise<boolean> {
    let query = this.#db.deleteFrom('price_alerts').where('id', '=', id);
    if (userId !== null) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Re-arms alerts whose offer's total is above the mark again (all alerts, or those of
   * `offerIds`), so the next drop fires once more.
   */
  async rearm(offerIds: string[] | null): Promise<number> {
    if (offerIds !== null && offerIds.length === 0) return 0;
    const result = await sql`
      update price_alerts a set is_armed = true, updated_at = now()
      from offers o
      where o.id = a.offer_id and not a.is_armed
        and o.price_minor is not null and o.currency = a.currency
        and ${offerTotal} > a.target_minor
        ${offerIds === null ? sql`` : sql`and a.offer_id = any(cast(${offerIds} as uuid[]))`}
    `.execute(this.#db);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * Fires every armed, unpaused alert whose offer is in stock at or below its mark: marks it
   * fired in the same statement that finds it, so two checks at once (two processes, an
   * import and a page read) cannot both send its email.
   */
  async fire(offerIds: string[] | null, at: Date): Promise<FiredAlertRow[]> {
    if (offerIds !== null && offerIds.length === 0) return [];
    const result = await sql<FiredAlertRow>`
      with due as (
        select a.id, ${offerTotal} as total_minor, o.price_minor, o.shipping_minor
        from price_alerts a
        join offers o on o.id = a.offer_id
        where a.is_armed and not a.is_paused
          and o.price_minor is not null and o.currency = a.currency
          and coalesce(o.availability, 'in_stock') not in ('out_of_stock', 'discontinued')
          and ${offerTotal} <= a.target_minor
          ${offerIds === null ? sql`` : sql`and a.offer_id = any(cast(${offerIds} as uuid[]))`}
        for update of a skip locked
      ), fired as (
        update price_alerts a
        set is_armed = false, fire_count = a.fire_count + 1, last_fired_at = ${at},
            last_fired_total_minor = due.total_minor, updated_at = ${at}
        from due
        where a.id = due.id and a.is_armed
        returning a.id, a.user_id, a.offer_id, a.title, a.retailer_name, a.target_minor,
          a.currency, due.total_minor, due.price_minor, due.shipping_minor
      )
      select fired.*, (
        select c.value from identity_contact_channels c
        where c.user_id = fired.user_id and c.type = 'email' and c.is_primary
        limit 1
      ) as email
      from fired
    `.execute(this.#db);
    return result.rows.map((row) => ({
      ...row,
      target_minor: Number(row.target_minor),
      total_minor: Number(row.total_minor),
      price_minor: Number(row.price_minor),
      shipping_minor: row.shipping_minor === null ? null : Number(row.shipping_minor),
    }));
  }

  /** The secret unsubscribe links are signed with, made from `candidate` on first use. */
  async ensureUnsubscribeSecret(candidate: string): Promise<string> {
    await this.#db
      .insertInto('app_state')
      .values({ key: UNSUBSCRIBE_SECRET_KEY, value: JSON.stringify({ secret: candidate }) })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await this.#db
      .selectFrom('app_state')
      .select('value')
      .where('key', '=', UNSUBSCRIBE_SECRET_KEY)
      .executeTakeFirstOrThrow();
    return (row.value as { secret: string }).secret;
  }
}
