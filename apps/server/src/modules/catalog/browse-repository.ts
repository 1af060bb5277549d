import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { isListedOffer, isListedRetailer } from './listed-retailers.ts';

type Db = Kysely<DatabaseSchema>;

export type BrowseSort = 'relevance' | 'price-asc' | 'price-desc' | 'offers';

export interface BrowseFilter {
  category: string | null;
  /** The shopper's words, already split: each must begin a word of the brand or title. */
  words: string[];
  /** The whole search, also looked for anywhere in the title; null when there is none. */
  phrase: string | null;
  minPriceMinor: number | null;
  maxPriceMinor: number | null;
  sort: BrowseSort;
  limit: number;
  offset: number;
}

export interface BrowseRow {
  id: string;
  title: string;
  brand: string | null;
  category: string | null;
  image_url: string | null;
  offer_count: number;
  retailer_count: number;
  lowest_price_minor: number | null;
  currency: string | null;
  url: string;
  retailer_name: string;
  total: number;
}

export interface CategoryRow {
  slug: string;
  product_count: number;
  min_price_minor: number | null;
  max_price_minor: number | null;
}

export interface ExampleRow {
  title: string;
  url: string;
  retailer_name: string;
  price_minor: number | null;
  currency: string | null;
  image_url: string | null;
  category: string | null;
  retailer_count: number;
}

/** Products sold by at least this many retailers make good examples: comparing them shows something. */
const EXAMPLE_MIN_RETAILERS = 3;

/**
 * The only place with SQL for browsing the catalog. A browsable product is a `products` row
 * with at least one offer; its price is its cheapest priced offer.
 */
export class BrowseRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Categories that have products with offers, with their cheapest and dearest offer. */
  async listCategories(): Promise<CategoryRow[]> {
    const { rows } = await sql<CategoryRow>`
      with per_product as (
        select o.product_id, min(o.price_minor) as lowest, max(o.price_minor) as highest
        from offers o
        where o.product_id is not null and ${isListedOffer('o')}
        group by o.product_id
      )
      select p.category as slug,
        count(*)::int as product_count,
        min(s.lowest) as min_price_minor,
        max(s.highest) as max_price_minor
      from per_product s
      join products p on p.id = s.product_id
      where p.category is not null and p.category <> ''
      group by p.category
      order by p.category`.execute(this.#db);
    return rows;
  }

  /**
   * One page of products with the total that match. Offers are counted per product first, and
   * only for the products a category or search leaves, so a search never reads every offer;
   * the cheapest offer's link is looked up for the page's products only.
   */
  async browseProducts(filter: BrowseFilter): Promise<BrowseRow[]> {
    const tsQuery =
      filter.words.length > 0 ? filter.words.map((word) => `${word}:*`).join(' & ') : null;
    const productConditions: RawBuilder<unknown>[] = [];
    if (filter.category !== null) productConditions.push(sql`p.category = ${filter.category}`);
    const textMatches: RawBuilder<unknown>[] = [];
    if (tsQuery !== null) {
      textMatches.push(sql`p.search_vector @@ to_tsquery('english', ${tsQuery})`);
    }
    if (filter.phrase !== null) {
      textMatches.push(sql`p.title ilike ${`%${escapeLike(filter.phrase)}%`}`);
    }
    if (textMatches.length > 0) productConditions.push(sql`(${sql.join(textMatches, sql` or `)})`);

    const priceConditions: RawBuilder<unknown>[] = [];
    if (filter.minPriceMinor !== null) {
      priceConditions.push(sql`min(o.price_minor) >= ${filter.minPriceMinor}`);
    }
    if (filter.maxPriceMinor !== null) {
      priceConditions.push(sql`min(o.price_minor) <= ${filter.maxPriceMinor}`);
    }

    const rank =
      tsQuery !== null
        ? sql`ts_rank(p.search_vector, to_tsquery('english', ${tsQuery}))`
        : sql`0::real`;
    const hasText = tsQuery !== null;

    // Sorting and counting need each product's offer count and lowest price, so those are
    // worked out for every matching product (one pass over their offers); the rest (retailers,
    // the cheapest offer's link, brand and image) only for the page's products.
    const { rows } = await sql<BrowseRow>`
      with stats as (
        select o.product_id,
          count(*)::int as offer_count,
          min(o.price_minor) as lowest_price_minor,
          -- Counted here, on narrow rows, rather than after the join with the titles.
          (count(*) over ())::int as total
        from offers o
        where o.product_id is not null and ${isListedOffer('o')}
        ${
          productConditions.length > 0
            ? sql`and o.product_id in (
                select p.id from products p where ${sql.join(productConditions, sql` and `)})`
            : sql``
        }
        group by o.product_id
        ${priceConditions.length > 0 ? sql`having ${sql.join(priceConditions, sql` and `)}` : sql``}
      ),
      page as (
        select p.id, p.title, s.offer_count, s.lowest_price_minor, s.total, ${rank} as rank
        from stats s
        join products p on p.id = s.product_id
        order by ${browseOrder(filter.sort, hasText, null)}
        limit ${filter.limit} offset ${filter.offset}
      )
      select page.id, page.title, p.brand, p.category, p.image_url, page.offer_count,
        retailers.retailer_count, page.lowest_price_minor, cheapest.currency, cheapest.url,
        cheapest.retailer_name, page.total
      from page
      join products p on p.id = page.id
      cross join lateral (
        select count(distinct o.retailer_id)::int as retailer_count
        from offers o
        where o.product_id = page.id and ${isListedOffer('o')}
      ) retailers
      cross join lateral (
        select o.url, o.currency, r.display_name as retailer_name
        from offers o
        join retailers r on r.id = o.retailer_id
        where o.product_id = page.id and ${isListedRetailer('r')}
        order by o.price_minor asc nulls last, o.id
        limit 1
      ) cheapest
      order by ${browseOrder(filter.sort, hasText, 'page')}`.execute(this.#db);
    return rows;
  }

  /** How many products match when the page asked for is past the end (the page has no rows). */
  async countProducts(filter: BrowseFilter): Promise<number> {
    const rows = await this.browseProducts({ ...filter, limit: 1, offset: 0 });
    return rows[0]?.total ?? 0;
  }

  /**
   * Up to `limit` products sold by at least three retailers, taking the first of each category
   * in turn (biggest categories first) so the examples are spread out; the same catalog always
   * gives the same examples. Each comes with its dearest priced offer, so that comparing it shows
   * what the shopper would save elsewhere (any offer when none is priced).
   */
  async listExamples(limit: number): Promise<ExampleRow[]> {
    const { rows } = await sql<ExampleRow>`
      with eligible as (
        select product_id, count(*)::int as retailer_count
        from (
          select distinct o.product_id, o.retailer_id from offers o
          where o.product_id is not null and ${isListedOffer('o')}
        ) pairs
        group by product_id
        having count(*) >= ${EXAMPLE_MIN_RETAILERS}
      ),
      ranked as (
        select p.id, p.category, p.image_url, e.retailer_count,
          row_number() over (
            partition by p.category order by e.retailer_count desc, p.title, p.id
          ) as pick,
          count(*) over (partition by p.category) as category_size
        from eligible e
        join products p on p.id = e.product_id
      ),
      picked as (
        select * from ranked
        order by pick, category_size desc, category nulls last, id
        limit ${limit}
      )
      select o.title, o.url, r.display_name as retailer_name, o.price_minor, o.currency,
        coalesce(o.image_url, p.image_url) as image_url, p.category, p.retailer_count
      from picked p
      cross join lateral (
        select o.title, o.url, o.retailer_id, o.price_minor, o.currency, o.image_url
        from offers o
        where o.product_id = p.id and ${isListedOffer('o')}
        order by o.price_minor desc nulls last, o.id
        limit 1
      ) o
      join retailers r on r.id = o.retailer_id
      order by p.pick, p.category_size desc, p.category nulls last, p.id`.execute(this.#db);
    return rows;
  }
}

/**
 * ORDER BY of each sort, on the columns of the page (qualified by `table` where a join would
 * make them ambiguous); every one ends with the title and id so pages never overlap.
 */
function browseOrder(
  sort: BrowseSort,
  hasText: boolean,
  table: 'page' | null,
): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  const byTitle = sql`${column('title')}, ${column('id')}`;
  switch (sort) {
    case 'price-asc':
      return sql`${column('lowest_price_minor')} asc nulls last, ${byTitle}`;
    case 'price-desc':
      return sql`${column('lowest_price_minor')} desc nulls last, ${byTitle}`;
    case 'offers':
      return sql`${column('offer_count')} desc, ${byTitle}`;
    case 'relevance':
      return hasText
        ? sql`${column('rank')} desc, ${column('offer_count')} desc, ${byTitle}`
        : sql`${column('offer_count')} desc, ${byTitle}`;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
