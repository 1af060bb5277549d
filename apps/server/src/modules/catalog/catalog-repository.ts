import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  Availability,
  DatabaseSchema,
  PriceObservationsTable,
  ProductIdentifiersTable,
  ProductsTable,
  RetailersTable,
} from '../../platform/db/schema.ts';
import { normalizeIdentifier, type OfferInput, type UpsertCounts } from './catalog-types.ts';

type Db = Kysely<DatabaseSchema>;
export type RetailerRecord = Selectable<RetailersTable>;

export interface CatalogRepositoryOptions {
  /**
   * Told, after the write has committed, which existing offers changed price, shipping,
   * currency or availability (e.g. so that price-drop alerts can be checked). It must not throw.
   */
  onOffersRepriced?: (offerIds: string[]) => void;
}

/** Fields whose change makes an offer "updated" (and, for price/availability, a price observation). */
const comparedFields = [
  'url',
  'title',
  'brand',
  'gtin',
  'mpn',
  'image_url',
  'price_minor',
  'currency',
  'availability',
  'condition',
  'shipping_minor',
] as const;

/** The only place with SQL for the catalog (code-style §5). */
export class CatalogRepository {
  readonly #db: Db;
  readonly #onOffersRepriced: CatalogRepositoryOptions['onOffersRepriced'];

  constructor(db: Db, options: CatalogRepositoryOptions = {}) {
    this.#db = db;
    this.#onOffersRepriced = options.onOffersRepriced;
  }

  transaction<T>(work: (repository: CatalogRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new CatalogRepository(trx)));
  }

  // ---- retailers ----

  /** Creates the retailer or brings its name and hosts up to date; keeps admin-set affiliate ids. */
  async ensureRetailer(retailer: {
    key: string;
    displayName: string;
    hosts: string[];
    affiliateParam: string | null;
  }): Promise<RetailerRecord> {
    return this.#db
      .insertInto('retailers')
      .values({
        id: randomUUID(),
        key: retailer.key,
        display_name: retailer.displayName,
        hosts: retailer.hosts,
        affiliate_param: retailer.affiliateParam,
        affiliate_id: null,
      })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          display_name: retailer.displayName,
          hosts: retailer.hosts,
          updated_at: new Date(),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findRetailerByKey(key: string): Promise<RetailerRecord | undefined> {
    return this.#db.selectFrom('retailers').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** The retailer serving `host` (without www.), by its host list. */
  findRetailerByHost(host: string): Promise<RetailerRecord | undefined> {
    return this.#db
      .selectFrom('retailers')
      .selectAll()
      .where(sql<boolean>`${host} = any(hosts)`)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  // ---- offers ----

  /**
   * Inserts new offers and updates changed ones for one retailer, in one transaction; records
   * a price observation whenever an offer is new or its price or availability changed.
   * Re-sending the same offers changes nothing but `last_seen_at` (idempotent).
   */
  async upsertOffers(
    retailerId: string,
    offers: OfferInput[],
    options: { importId?: string | null; seenAt?: Date } = {},
  ): Promise<UpsertCounts> {
    const seenAt = options.seenAt ?? new Date();
    const unique = [...new Map(offers.map((offer) => [offer.retailerProductId, offer])).values()];
    if (unique.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    const repriced: string[] = [];
    const counts = await this.transaction(async (repository) =>
      repository.#upsertInTransaction(
        retailerId,
        unique,
        seenAt,
        options.importId ?? null,
        repriced,
      ),
    );
    if (repriced.length > 0) this.#onOffersRepriced?.(repriced);
    return counts;
  }

  async #upsertInTransaction(
    retailerId: string,
    offers: OfferInput[],
    seenAt: Date,
    importId: string | null,
    repriced: string[],
  ): Promise<UpsertCounts> {
    const existing = await this.#db
      .selectFrom('offers')
      .selectAll()
      .where('retailer_id', '=', retailerId)
      .where(
        'retailer_product_id',
        'in',
        offers.map((offer) => offer.retailerProductId),
      )
      .execute();
    const existingById = new Map(existing.map((row) => [row.retailer_product_id, row]));
    const fresh = offers.filter((offer) => !existingById.has(offer.retailerProductId));
    const productIds = await this.#linkProducts(fresh);

    const counts: UpsertCounts = { created: fresh.length, updated: 0, unchanged: 0 };
    const observations: Insertable<PriceObservationsTable>[] = [];

    if (fresh.length > 0) {
      const rows = fresh.map((offer, index) => ({
        id: randomUUID(),
        retailer_id: retailerId,
        retailer_product_id: offer.retailerProductId,
        product_id: productIds[index] ?? null,
        ...offerColumns(offer),
        last_import_id: importId,
        first_seen_at: seenAt,
        last_seen_at: seenAt,
        updated_at: seenAt,
      }));
      await this.#db.insertInto('offers').values(rows).execute();
      for (const row of rows) {
        if (row.price_minor !== null && row.currency !== null) {
          observations.push(
            observation(row.id, seenAt, row.price_minor, row.currency, row.availability),
          );
        }
      }
    }

    const seenIds: string[] = [];
    for (const offer of offers) {
      const row = existingById.get(offer.retailerProductId);
      if (!row) continue;
      seenIds.push(row.id);
      const next = offerColumns(offer);
      const changed = comparedFields.filter((field) => next[field] !== row[field]);
      if (changed.length === 0) {
        counts.unchanged++;
        continue;
      }
      counts.updated++;
      await this.#db
        .updateTable('offers')
        .set({ ...next, updated_at: seenAt })
        .where('id', '=', row.id)
        .execute();
      const priceMoved = changed.some(
        (field) => field === 'price_minor' || field === 'currency' || field === 'availability',
      );
      if (priceMoved || changed.includes('shipping_minor')) repriced.push(row.id);
      if (priceMoved && next.price_minor !== null && next.currency !== null) {
        observations.push(
          observation(row.id, seenAt, next.price_minor, next.currency, next.availability),
        );
      }
    }
    if (seenIds.length > 0) {
      await this.#db
        .updateTable('offers')
        .set({ last_seen_at: seenAt, last_import_id: importId })
        .where('id', 'in', seenIds)
        .execute();
    }
    if (observations.length > 0) {
      await this.#db
        .insertInto('price_observations')
        .values(observations)
        .onConflict((conflict) => conflict.columns(['offer_id', 'observed_at']).doNothing())
        .execute();
    }
    return counts;
  }

  /**
   * Finds the canonical product of each new offer by GTIN, then by brand and MPN, and creates
   * one where none exists. Returns product ids in the order of `offers`.
   */
  async #linkProducts(offers: OfferInput[]): Promise<(string | null)[]> {
    if (offers.length === 0) return [];
    const gtins = [...new Set(offers.flatMap((offer) => (offer.gtin ? [offer.gtin] : [])))];
    const byGtin = new Map<string, string>();
    if (gtins.length > 0) {
      const rows = await this.#db
        .selectFrom('product_identifiers')
        .select(['value', 'product_id'])
        .where('kind', '=', 'gtin')
        .where('value', 'in', gtins)
        .execute();
      for (const row of rows) byGtin.set(row.value, row.product_id);
    }
    const byBrandAndMpn = await this.#productsByBrandAndMpn(offers);

    const ids: string[] = [];
    const newProducts: Insertable<ProductsTable>[] = [];
    const newIdentifiers: Insertable<ProductIdentifiersTable>[] = [];
    const createdByKey = new Map<string, string>();
    for (const offer of offers) {
      const mpn = offer.mpn ? normalizeIdentifier(offer.mpn) : null;
      const brandKey = offer.brand?.trim().toLowerCase() || null;
      const mpnKey = brandKey && mpn ? `${brandKey}|${mpn}` : null;
      let productId =
        (offer.gtin
          ? (byGtin.get(offer.gtin) ?? createdByKey.get(`gtin|${offer.gtin}`))
          : undefined) ?? (mpnKey ? createdByKey.get(mpnKey) : undefined);
      if (!productId && mpnKey) productId = byBrandAndMpn.get(mpnKey);
      if (!productId) {
        productId = randomUUID();
        newProducts.push({
          id: productId,
          title: offer.title,
          brand: offer.brand,
          category: offer.category,
          image_url: offer.imageUrl,
          attributes: JSON.stringify(offer.attributes ?? {}),
        });
        if (offer.gtin)
          newIdentifiers.push({ product_id: productId, kind: 'gtin', value: offer.gtin });
        if (mpn) newIdentifiers.push({ product_id: productId, kind: 'mpn', value: mpn });
        for (const model of new Set((offer.modelNumbers ?? []).map(normalizeIdentifier))) {
          if (model) newIdentifiers.push({ product_id: productId, kind: 'model', value: model });
        }
        if (offer.gtin) createdByKey.set(`gtin|${offer.gtin}`, productId);
        if (mpnKey) createdByKey.set(mpnKey, productId);
      }
      ids.push(productId);
    }
    if (newProducts.length > 0) await this.#db.insertInto('products').values(newProducts).execute();
    if (newIdentifiers.length > 0) {
      await this.#db
        .insertInto('product_identifiers')
        .values(newIdentifiers)
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    return ids;
  }

  /** Existing products of the batch's brand + MPN pairs, keyed `brand|MPN` (one query). */
  async #productsByBrandAndMpn(offers: OfferInput[]): Promise<Map<string, string>> {
    const mpns = [
      ...new Set(
        offers.flatMap((offer) =>
          offer.mpn && offer.brand ? [normalizeIdentifier(offer.mpn)] : [],
        ),
      ),
    ].filter((mpn) => mpn !== '');
    const found = new Map<string, string>();
    if (mpns.length === 0) return found;
    const rows = await this.#db
      .selectFrom('product_identifiers as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.value', 'p.id', 'p.brand'])
      .where('i.kind', '=', 'mpn')
      .where('i.value', 'in', mpns)
      .execute();
    for (const row of rows) {
      if (row.brand) found.set(`${row.brand.trim().toLowerCase()}|${row.value}`, row.id);
    }
    return found;
  }

  /**
   * After a full feed import: offers of the retailer that the import did not see are out of
   * stock now. Returns how many changed.
   */
  async markUnseenOutOfStock(
    retailerId: string,
    importId: string,
    at: Date = new Date(),
  ): Promise<number> {
    return this.transaction(async (repository) => {
      const rows = await repository.#db
        .updateTable('offers')
        .set({ availability: 'out_of_stock', updated_at: at })
        .where('retailer_id', '=', retailerId)
        .where((eb) =>
          eb.or([eb('last_import_id', 'is', null), eb('last_import_id', '<>', importId)]),
        )
        .where((eb) =>
          eb.or([eb('availability', 'is', null), eb('availability', '<>', 'out_of_stock')]),
        )
        .returning(['id', 'price_minor', 'currency'])
        .execute();
      const observations = rows
        .filter((row) => row.price_minor !== null && row.currency !== null)
        .map((row) => observation(row.id, at, row.price_minor!, row.currency!, 'out_of_stock'));
      if (observations.length > 0) {
        await repository.#db
          .insertInto('price_observations')
          .values(observations)
          .onConflict((conflict) => conflict.columns(['offer_id', 'observed_at']).doNothing())
          .execute();
      }
      return rows.length;
    });
  }

  /** Past prices of offers, e.g. the demo catalog's history; existing points are kept. */
  async insertPriceHistory(
    points: {
      offerId: string;
      observedAt: Date;
      priceMinor: number;
      currency: string;
      availability: Availability | null;
    }[],
  ): Promise<void> {
    if (points.length === 0) return;
    await this.#db
      .insertInto('price_observations')
      .values(
        points.map((point) =>
          observation(
            point.offerId,
            point.observedAt,
            point.priceMinor,
            point.currency,
            point.availability,
          ),
        ),
      )
      .onConflict((conflict) => conflict.columns(['offer_id', 'observed_at']).doNothing())
      .execute();
  }

  /** Offer ids by retailer product id, for one retailer. */
  async offerIdsOf(retailerId: string, retailerProductIds: string[]): Promise<Map<string, string>> {
    if (retailerProductIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('offers')
      .select(['id', 'retailer_product_id'])
      .where('retailer_id', '=', retailerId)
      .where('retailer_product_id', 'in', retailerProductIds)
      .execute();
    return new Map(rows.map((row) => [row.retailer_product_id, row.id]));
  }
}

function offerColumns(offer: OfferInput) {
  return {
    url: offer.url,
    title: offer.title,
    brand: offer.brand,
    gtin: offer.gtin,
    mpn: offer.mpn,
    image_url: offer.imageUrl,
    price_minor: offer.priceMinor,
    currency: offer.currency,
    availability: offer.availability,
    condition: offer.condition,
    shipping_minor: offer.shippingMinor,
  };
}

function observation(
  offerId: string,
  at: Date,
  priceMinor: number,
  currency: string,
  availability: Availability | null,
): Insertable<PriceObservationsTable> {
  return { offer_id: offerId, observed_at: at, price_minor: priceMinor, currency, availability };
}
