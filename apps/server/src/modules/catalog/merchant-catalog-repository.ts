import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, FeedImportsTable } from '../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export type FeedImportRow = Selectable<FeedImportsTable>;

export interface MerchantOfferRow {
  id: string;
  retailer_product_id: string;
  product_id: string | null;
  url: string;
  title: string;
  brand: string | null;
  gtin: string | null;
  image_url: string | null;
  price_minor: number | null;
  currency: string | null;
  availability: string | null;
  last_seen_at: Date;
}

/** How the comparisons that listed one offer went. */
export interface ComparisonStatsRow {
  offer_id: string;
  comparisons: number;
  pasted: number;
}

export interface CompetingPriceRow {
  offer_id: string;
  price_minor: number;
  currency: string;
  retailer_name: string;
}

/** The offers a stored comparison listed; the expression of index `compare_requests_listed_offers_idx`. */
const listedOffers = sql`(jsonb_path_query_array(c.result, '$.sameProduct[*].offerId') || jsonb_path_query_array(c.result, '$.alternatives[*].offerId'))`;
/** The pasted product's address; the expression of index `compare_requests_pasted_url_idx`. */
const pastedUrl = sql`(c.result -> 'product' ->> 'url')`;

/**
 * The only place with SQL for a merchant's own catalog (the dashboard's products page and feed
 * imports). A business's shop is the retailer keyed by its domain, as feed uploads make it.
 * Reads module compare's `compare_requests` and module referral's `clicks`, and writes neither.
 */
export class MerchantCatalogRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The business's verified shop domains (its registered domain is the caller's). */
  async verifiedDomains(businessId: string): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('business_domains')
      .select('domain')
      .where('business_id', '=', businessId)
      .where('verified_at', 'is not', null)
      .execute();
    return rows.map((row) => row.domain);
  }

  async findRetailerId(domain: string): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom('retailers')
      .select('id')
      .where('key', '=', domain)
      .executeTakeFirst();
    return row?.id;
  }

  /** A page of the retailer's offers, titles matching every word, newest seen first. */
  listOffers(
    retailerId: string,
    filter: { words: string[]; limit: number; offset: number },
  ): Promise<MerchantOfferRow[]> {
    return this.#filtered(retailerId, filter.words)
      .select([
        'o.id',
        'o.retailer_product_id',
        'o.product_id',
        'o.url',
        'o.title',
        'o.brand',
        'o.gtin',
        'o.image_url',
        'o.price_minor',
        'o.currency',
        'o.availability',
        'o.last_seen_at',
      ])
      .orderBy('o.last_seen_at', 'desc')
      .orderBy('o.title')
      .orderBy('o.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  async countOffers(retailerId: string, words: string[]): Promise<number> {
    const row = await this.#filtered(retailerId, words)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A title word matches anywhere in the title; the shop's product id and GTIN match whole. */
  #filtered(retailerId: string, words: string[]) {
    let query = this.#db.selectFrom('offers as o').where('o.retailer_id', '=', retailerId);
    for (const word of words) {
      const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb('o.title', 'ilike', pattern),
          eb('o.retailer_product_id', '=', word),
          eb('o.gtin', '=', word),
        ]),
      );
    }
    return query;
  }

  /**
   * For each offer: the comparisons that listed it (as the pasted product, by its address, or
   * as a match or alternative, by its id) and how many of them it was pasted in.
   */
  async comparisonStats(
    offers: readonly { id: string; url: string }[],
  ): Promise<ComparisonStatsRow[]> {
    if (offers.length === 0) return [];
    const rows = offers.map((offer) => sql`(${offer.id}::text, ${offer.url}::text)`);
    const { rows: stats } = await sql<ComparisonStatsRow>`
      select p.offer_id,
             count(*)::int as comparisons,
             count(*) filter (where ${pastedUrl} = p.url)::int as pasted
      from (values ${sql.join(rows)}) as p (offer_id, url)
      join lateral (
        select c.result from compare_requests c where ${pastedUrl} = p.url
        union all
        select c.result from compare_requests c
        where ${listedOffers} @> jsonb_build_array(p.offer_id)
          and ${pastedUrl} is distinct from p.url
      ) c on true
      group by p.offer_id`.execute(this.#db);
    return stats;
  }

  /**
   * For each offer, the cheapest price at another shop shown in a comparison of the same
   * product: the other same-product offers (and the pasted product) of comparisons where the
   * offer was pasted or a same-product match. Alternatives are other products and sold-out
   * offers cannot be bought, so neither counts.
   */
  async cheapestInComparisons(
    retailerKey: string,
    offers: readonly { id: string; url: string; currency: string }[],
  ): Promise<CompetingPriceRow[]> {
    if (offers.length === 0) return [];
    const rows = offers.map(
      (offer) => sql`(${offer.id}::text, ${offer.url}::text, ${offer.currency}::text)`,
    );
    const { rows: found } = await sql<CompetingPriceRow>`
      select distinct on (p.offer_id) p.offer_id,
             (e.value ->> 'priceMinor')::bigint as price_minor,
             e.value ->> 'currency' as currency,
             e.value ->> 'retailerName' as retailer_name
      from (values ${sql.join(rows)}) as p (offer_id, url, currency)
      join lateral (
        select c.result from compare_requests c where ${pastedUrl} = p.url
        union all
        select c.result from compare_requests c
        where ${listedOffers} @> jsonb_build_array(p.offer_id)
          and c.result -> 'sameProduct' @> jsonb_build_array(jsonb_build_object('offerId', p.offer_id))
          and ${pastedUrl} is distinct from p.url
      ) c on true
      cross join lateral jsonb_array_elements(
        (c.result -> 'sameProduct') || jsonb_build_array(c.result -> 'product')
      ) as e (value)
      where e.value ->> 'retailer' <> ${retailerKey}
        and e.value ->> 'currency' = p.currency
        and jsonb_typeof(e.value -> 'priceMinor') = 'number'
        and coalesce(e.value ->> 'availability', '') not in ('out_of_stock', 'discontinued')
      order by p.offer_id, (e.value ->> 'priceMinor')::bigint, e.value ->> 'retailerName'`.execute(
      this.#db,
    );
    return found.map((row) => ({ ...row, price_minor: Number(row.price_minor) }));
  }

  /** For each product, its cheapest priced, available offer at another retailer in the catalog. */
  async cheapestInCatalog(
    retailerId: string,
    offers: readonly { id: string; productId: string; currency: string }[],
  ): Promise<CompetingPriceRow[]> {
    if (offers.length === 0) return [];
    const rows = offers.map(
      (offer) => sql`(${offer.id}::text, ${offer.productId}::uuid, ${offer.currency}::text)`,
    );
    const { rows: found } = await sql<CompetingPriceRow>`
      select distinct on (p.offer_id) p.offer_id, o.price_minor, o.currency,
             r.display_name as retailer_name
      from (values ${sql.join(rows)}) as p (offer_id, product_id, currency)
      join offers o on o.product_id = p.product_id
      join retailers r on r.id = o.retailer_id
      where o.retailer_id <> ${retailerId}
        and o.currency = p.currency
        and o.price_minor is not null
        and (o.availability is null or o.availability not in ('out_of_stock', 'discontinued'))
      order by p.offer_id, o.price_minor, r.display_name`.execute(this.#db);
    return found.map((row) => ({ ...row, price_minor: Number(row.price_minor) }));
  }

  /** Human clicks (bots left out) out to each offer through ipick. */
  async clickCounts(offerIds: readonly string[]): Promise<Map<string, number>> {
    if (offerIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('clicks')
      .select(['offer_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('offer_id', 'in', [...offerIds])
      .where('is_bot', '=', false)
      .groupBy('offer_id')
      .execute();
    return new Map(rows.map((row) => [row.offer_id!, Number(row.count)]));
  }

  // ---- feed imports ----

  findImport(retailerKey: string, id: string): Promise<FeedImportRow | undefined> {
    return this.#db
      .selectFrom('feed_imports as f')
      .innerJoin('retailers as r', 'r.id', 'f.retailer_id')
      .selectAll('f')
      .where('f.id', '=', id)
      .where('r.key', '=', retailerKey)
      .executeTakeFirst();
  }

  listImports(retailerKey: string, limit: number): Promise<FeedImportRow[]> {
    return this.#db
      .selectFrom('feed_imports as f')
      .innerJoin('retailers as r', 'r.id', 'f.retailer_id')
      .selectAll('f')
      .where('r.key', '=', retailerKey)
      .orderBy('f.started_at', 'desc')
      .orderBy('f.id')
      .limit(limit)
      .execute();
  }

  /**
   * Records how far an import got. A write may land after the import finished: the phase is
   * then not shown, and the item count never goes down.
   */
  async recordProgress(
    id: string,
    progress: {
      phase: 'reading' | 'writing';
      itemsSeen: number;
      bytesRead: number | null;
      bytesTotal: number | null;
    },
  ): Promise<void> {
    await this.#db
      .updateTable('feed_imports')
      .set({
        phase: progress.phase,
        bytes_read: progress.bytesRead,
        bytes_total: progress.bytesTotal,
        // The importer also writes the count; a late progress write must not lower it.
        items_seen: sql<number>`greatest(items_seen, ${progress.itemsSeen})`,
      })
      .where('id', '=', id)
      .execute();
  }
}
