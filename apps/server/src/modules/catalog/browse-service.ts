import type {
  BrowseResponse,
  CatalogCategory,
  CompareExample,
  browseQuerySchema,
} from '@ipick/contracts';
import type { z } from 'zod';
import type { BrowseFilter, BrowseRepository, BrowseRow } from './browse-repository.ts';

export type ParsedBrowseQuery = z.output<typeof browseQuerySchema>;

/** How many catalog links the landing pages offer to try. */
const EXAMPLE_COUNT = 6;
/** Words of a search that count; more only slow the query down. */
const MAX_SEARCH_WORDS = 8;
/** A search this long is also looked for anywhere in titles (shorter ones match too much). */
const MIN_PHRASE_LENGTH = 3;

/** Browsing the catalog (`/browse`) and the landing pages' examples; all public. */
export class BrowseService {
  readonly #repository: BrowseRepository;

  constructor(repository: BrowseRepository) {
    this.#repository = repository;
  }

  async listCategories(): Promise<CatalogCategory[]> {
    const rows = await this.#repository.listCategories();
    return rows.map((row) => ({
      slug: row.slug,
      name: categoryName(row.slug),
      productCount: row.product_count,
      minPriceMinor: row.min_price_minor,
      maxPriceMinor: row.max_price_minor,
    }));
  }

  /**
   * One page of products: filtered by category, words (each must start a word of the brand or
   * title, so "sony tv" finds Sony TVs) and the range of the cheapest offer's price, in the
   * asked-for order, with the total.
   */
  async browse(query: ParsedBrowseQuery): Promise<BrowseResponse> {
    const { page, pageSize } = query;
    const search = query.q ?? '';
    const words = searchWords(search);
    const phrase = search.length >= MIN_PHRASE_LENGTH ? search : null;
    const empty = { items: [], page, pageSize, total: 0 };
    // Punctuation alone names nothing to look for.
    if (search !== '' && words.length === 0 && phrase === null) return empty;

    const filter: BrowseFilter = {
      category: query.category || null,
      words,
      phrase,
      minPriceMinor: query.minPriceMinor ?? null,
      maxPriceMinor: query.maxPriceMinor ?? null,
      sort: query.sort,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    };
    const rows = await this.#repository.browseProducts(filter);
    const total =
      rows[0]?.total ?? (filter.offset > 0 ? await this.#repository.countProducts(filter) : 0);
    return { items: rows.map(toBrowseProduct), page, pageSize, total };
  }

  async listExamples(): Promise<CompareExample[]> {
    const rows = await this.#repository.listExamples(EXAMPLE_COUNT);
    return rows.map((row) => ({
      title: row.title,
      url: row.url,
      retailerName: row.retailer_name,
      priceMinor: row.price_minor,
      currency: row.currency,
      image: row.image_url,
      category: row.category,
      otherRetailers: row.retailer_count - 1,
    }));
  }
}

/** `small-tech` -> `Small tech`. */
export function categoryName(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The letters-and-digits words of a search, lower-cased; punctuation only separates them. */
function searchWords(search: string): string[] {
  return [...new Set(search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(
    0,
    MAX_SEARCH_WORDS,
  );
}

function toBrowseProduct(row: BrowseRow): BrowseResponse['items'][number] {
  return {
    productId: row.id,
    title: row.title,
    brand: row.brand,
    category: row.category,
    image: row.image_url,
    offerCount: row.offer_count,
    retailerCount: row.retailer_count,
    lowestPriceMinor: row.lowest_price_minor,
    currency: row.currency,
    url: row.url,
    retailerName: row.retailer_name,
  };
}
