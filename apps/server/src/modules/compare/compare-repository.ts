import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

/** An offer with its retailer, as comparisons read them. */
export interface OfferView {
  id: string;
  productId: string | null;
  retailerId: string;
  retailerKey: string;
  retailerName: string;
  retailerProductId: string;
  url: string;
  title: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  imageUrl: string | null;
  priceMinor: number | null;
  currency: string | null;
  availability: string | null;
  condition: string | null;
  shippingMinor: number | null;
  category: string | null;
}

/** Most candidates a title search returns before the matcher re-scores them. */
const TITLE_CANDIDATES = 60;

/** The only place with SQL for comparisons. */
export class CompareRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  #offers() {
    return this.#db
      .selectFrom('offers as o')
      .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
      .leftJoin('products as p', 'p.id', 'o.product_id')
      .select([
        'o.id',
        'o.product_id as productId',
        'o.retailer_id as retailerId',
        'r.key as retailerKey',
        'r.display_name as retailerName',
        'o.retailer_product_id as retailerProductId',
        'o.url',
        'o.title',
        'o.brand',
        'o.gtin',
        'o.mpn',
        'o.image_url as imageUrl',
        'o.price_minor as priceMinor',
        'o.currency',
        'o.availability',
        'o.condition',
        'o.shipping_minor as shippingMinor',
        'p.category',
      ]);
  }

  /** The offer of a retailer's product id, looked up among the retailers serving `hosts`. */
  findOfferByRetailerProduct(
    retailerKey: string,
    retailerProductId: string,
  ): Promise<OfferView | undefined> {
    return this.#offers()
      .where('r.key', '=', retailerKey)
      .where('o.retailer_product_id', '=', retailerProductId)
      .executeTakeFirst();
  }

  findOfferByUrl(url: string): Promise<OfferView | undefined> {
    return this.#offers().where('o.url', '=', url).executeTakeFirst();
  }

  /** Other offers of the same canonical product (linked by GTIN or brand + MPN). */
  offersOfProduct(productId: string, exceptOfferId: string | null): Promise<OfferView[]> {
    let query = this.#offers().where('o.product_id', '=', productId);
    if (exceptOfferId) query = query.where('o.id', '<>', exceptOfferId);
    return query.limit(100).execute();
  }

  /** Offers with the same GTIN whatever product they are linked to. */
  offersWithGtin(gtin: string): Promise<OfferView[]> {
    return this.#offers().where('o.gtin', '=', gtin).limit(100).execute();
  }

  /** Offers whose titles are most like `title` (trigram similarity, index-assisted). */
  offersWithSimilarTitles(title: string): Promise<OfferView[]> {
    return this.#offers()
      .where(sql<boolean>`o.title % ${title}`)
      .orderBy(sql`similarity(o.title, ${title})`, 'desc')
      .limit(TITLE_CANDIDATES)
      .execute();
  }

  /** True when ipick has the catalog of the shop at `host` (one of its feeds was imported). */
  async isKnownRetailerHost(host: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('retailers as r')
      .select('r.id')
      .where(sql<boolean>`${host} = any(r.hosts)`)
      .where(sql<boolean>`exists (select 1 from feed_imports f where f.retailer_id = r.id)`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async saveResult(id: string, url: string, result: unknown): Promise<void> {
    await this.#db
      .insertInto('compare_requests')
      .values({ id, url, result: JSON.stringify(result) })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({ url, result: JSON.stringify(result) }),
      )
      .execute();
  }

  async findResult(id: string): Promise<unknown> {
    const row = await this.#db
      .selectFrom('compare_requests')
      .select('result')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.result;
  }
}
