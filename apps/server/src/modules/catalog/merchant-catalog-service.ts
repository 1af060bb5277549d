import {
  feedRejectionSchema,
  MERCHANT_PRODUCTS_PAGE_SIZE,
  type CompetingPrice,
  type FeedImport,
  type MerchantProductsResponse,
} from '@ipick/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type {
  CompetingPriceRow,
  FeedImportRow,
  MerchantCatalogRepository,
} from './merchant-catalog-repository.ts';

/** Imports a merchant's feed list shows. */
const LISTED_IMPORTS = 20;
/** Search words used at most; more only narrow an already narrow list. */
const MAX_SEARCH_WORDS = 8;

const rejectionsSchema = z.array(feedRejectionSchema).catch([]);

/** The business as the session names it. */
interface MerchantRef {
  domain: string;
}

/**
 * A merchant's own catalog for the dashboard: its products with how ipick shoppers compared
 * and clicked them, and its feed imports. The shop is the retailer keyed by the business's
 * domain, so a merchant only ever sees its own offers and imports.
 */
export class MerchantCatalogService {
  readonly #repository: MerchantCatalogRepository;

  constructor(repository: MerchantCatalogRepository) {
    this.#repository = repository;
  }

  /** A page of the merchant's products, newest seen first, with the shoppers' figures. */
  async listProducts(
    business: MerchantRef,
    query: { query: string; page: number },
  ): Promise<MerchantProductsResponse> {
    const pageSize = MERCHANT_PRODUCTS_PAGE_SIZE;
    const empty = { items: [], page: query.page, pageSize, total: 0, catalogSize: 0 };
    const retailerId = await this.#repository.findRetailerId(business.domain);
    if (!retailerId) return empty;

    const words = query.query.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
    const [catalogSize, total, offers] = await Promise.all([
      this.#repository.countOffers(retailerId, []),
      words.length > 0 ? this.#repository.countOffers(retailerId, words) : null,
      this.#repository.listOffers(retailerId, {
        words,
        limit: pageSize,
        offset: (query.page - 1) * pageSize,
      }),
    ]);

    const priced = offers.flatMap((offer) =>
      offer.currency ? [{ id: offer.id, url: offer.url, currency: offer.currency }] : [],
    );
    const linked = offers.flatMap((offer) =>
      offer.currency && offer.product_id
        ? [{ id: offer.id, productId: offer.product_id, currency: offer.currency }]
        : [],
    );
    const [stats, clicks, inComparisons, inCatalog] = await Promise.all([
      this.#repository.comparisonStats(offers),
      this.#repository.clickCounts(offers.map((offer) => offer.id)),
      this.#repository.cheapestInComparisons(business.domain, priced),
      this.#repository.cheapestInCatalog(retailerId, linked),
    ]);
    const statsOf = new Map(stats.map((row) => [row.offer_id, row]));
    const seenInComparison = new Map(inComparisons.map((row) => [row.offer_id, row]));
    const seenInCatalog = new Map(inCatalog.map((row) => [row.offer_id, row]));

    return {
      items: offers.map((offer) => ({
        offerId: offer.id,
        productId: offer.retailer_product_id,
        title: offer.title,
        url: offer.url,
        image: offer.image_url,
        brand: offer.brand,
        gtin: offer.gtin,
        priceMinor: offer.price_minor === null ? null : Number(offer.price_minor),
        currency: offer.currency,
        availability: offer.availability,
        lastSeenAt: offer.last_seen_at.toISOString(),
        shoppers: {
          comparisons: statsOf.get(offer.id)?.comparisons ?? 0,
          pasted: statsOf.get(offer.id)?.pasted ?? 0,
          clicks: clicks.get(offer.id) ?? 0,
          cheapestCompetitor: cheaper(seenInComparison.get(offer.id), seenInCatalog.get(offer.id)),
        },
      })),
      page: query.page,
      pageSize,
      total: total ?? catalogSize,
      catalogSize,
    };
  }

  /** One of the merchant's imports; `not_found` for another shop's or an unknown one. */
  async findImport(business: MerchantRef, id: string): Promise<FeedImport> {
    const row = await this.#repository.findImport(business.domain, id);
    if (!row) throw new AppError('not_found', 'There is no such import for your shop.');
    return toImportView(row);
  }

  async listImports(business: MerchantRef): Promise<FeedImport[]> {
    const rows = await this.#repository.listImports(business.domain, LISTED_IMPORTS);
    return rows.map(toImportView);
  }
}

/** The lower of two prices; a comparison wins a tie, as shoppers actually saw it. */
function cheaper(
  comparison: CompetingPriceRow | undefined,
  catalog: CompetingPriceRow | undefined,
): CompetingPrice | null {
  const present = (row: CompetingPriceRow, seenIn: CompetingPrice['seenIn']): CompetingPrice => ({
    priceMinor: row.price_minor,
    currency: row.currency,
    retailerName: row.retailer_name,
    seenIn,
  });
  if (comparison && (!catalog || comparison.price_minor <= catalog.price_minor))
    return present(comparison, 'comparison');
  return catalog ? present(catalog, 'catalog') : null;
}

export function toImportView(row: FeedImportRow): FeedImport {
  const isRunning = row.status === 'running';
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    isFullFeed: row.is_full_feed,
    phase: isRunning ? (row.phase ?? 'reading') : null,
    bytesRead: row.bytes_read === null ? null : Number(row.bytes_read),
    bytesTotal: row.bytes_total === null ? null : Number(row.bytes_total),
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    itemsSeen: row.items_seen,
    created: row.items_created,
    updated: row.items_updated,
    unchanged: row.items_unchanged,
    rejected: row.items_rejected,
    markedOutOfStock: row.items_marked_out_of_stock,
    rejections: rejectionsSchema.parse(row.rejections),
    error: row.error,
  };
}
