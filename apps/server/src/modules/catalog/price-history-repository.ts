import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';

/** How far back an offer's chart goes; older points stay stored but are not drawn. */
export const PRICE_HISTORY_DAYS = 365;

/** The SQL of offers' price history (`price_observations`, written by every catalog write). */
export class PriceHistoryRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  offerCurrency(offerId: string): Promise<{ currency: string | null } | undefined> {
    return this.#db
      .selectFrom('offers')
      .select('currency')
      .where('id', '=', offerId)
      .executeTakeFirst();
  }

  /** The prices an offer was seen at since `since`, in one currency, oldest first. */
  pointsOf(offerId: string, currency: string, since: Date) {
    return this.#db
      .selectFrom('price_observations')
      .select(['observed_at', 'price_minor'])
      .where('offer_id', '=', offerId)
      .where('currency', '=', currency)
      .where('observed_at', '>=', since)
      .orderBy('observed_at')
      .limit(1000)
      .execute();
  }
}
