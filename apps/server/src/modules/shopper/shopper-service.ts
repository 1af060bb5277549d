import { randomUUID } from 'node:crypto';
import {
  FAVORITES_LIMIT,
  HISTORY_LIMIT,
  type CompareResponse,
  type Favorite,
  type HistoryEntry,
} from '@ipick/contracts';
import { checkProductUrl, makeProductSlug } from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import type { CompareService } from '../compare/compare-service.ts';
import type { FavoriteRow, HistoryListRow, ShopperRepository } from './shopper-repository.ts';

/**
 * How many other retailers sell the same product: each retailer once, however many of its
 * listings matched, and the pasted product's own retailer not at all ("3 other retailers").
 */
export function otherRetailerCount(result: Pick<CompareResponse, 'product' | 'sameProduct'>) {
  const retailers = new Set(result.sameProduct.map((offer) => offer.retailer));
  retailers.delete(result.product.retailer);
  return retailers.size;
}

export interface ShopperLimits {
  history: number;
  favorites: number;
}

/** The answer to adding a favourite: `created` is false when the link was already one. */
export interface AddedFavorite {
  favorite: Favorite;
  created: boolean;
}

/**
 * A signed-in shopper's search history and favourites. Both copy what they show from the
 * comparison, so the lists read the same after the catalog has changed.
 */
export class ShopperService {
  readonly #repository: ShopperRepository;
  readonly #compare: Pick<CompareService, 'find'>;
  readonly #limits: ShopperLimits;

  constructor(
    repository: ShopperRepository,
    compare: Pick<CompareService, 'find'>,
    limits: ShopperLimits = { history: HISTORY_LIMIT, favorites: FAVORITES_LIMIT },
  ) {
    this.#repository = repository;
    this.#compare = compare;
    this.#limits = limits;
  }

  /**
   * Puts a finished comparison at the top of the shopper's history (once per request id) and
   * lets the oldest entries beyond the limit drop off.
   */
  async recordComparison(userId: string, pastedUrl: string, result: CompareResponse) {
    const { product } = result;
    const checked = checkProductUrl(pastedUrl);
    const url = checked.ok ? checked.url.href : pastedUrl;
    await this.#repository.recordHistory(
      {
        user_id: userId,
        request_id: result.requestId,
        url,
        path: resultsPath(result.requestId, url),
        title: product.title,
        retailer_name: product.retailerName,
        price_minor: product.priceMinor,
        currency: product.currency,
        image_url: product.image,
        same_product_count: otherRetailerCount(result),
        alternatives_count: result.alternatives.length,
      },
      this.#limits.history,
    );
  }

  async listHistory(userId: string): Promise<HistoryEntry[]> {
    const rows = await this.#repository.listHistory(userId, this.#limits.history);
    return rows.map(toHistoryEntry);
  }

  async removeHistoryEntry(userId: string, requestId: string): Promise<void> {
    if (!(await this.#repository.deleteHistoryEntry(userId, requestId))) {
      throw new AppError('not_found', 'That comparison is not in your search history.');
    }
  }

  async clearHistory(userId: string): Promise<void> {
    await this.#repository.clearHistory(userId);
  }

  async listFavorites(userId: string): Promise<Favorite[]> {
    return (await this.#repository.listFavorites(userId)).map(toFavorite);
  }

  /**
   * Favourites the pasted product of a comparison, or one of its offers (`offerId`), copying
   * title, link and price from the saved result. Adding a link the shopper already has answers
   * with that favourite; adding beyond the limit is a conflict (`conflict`).
   */
  async addFavorite(userId: string, requestId: string, offerId?: string): Promise<AddedFavorite> {
    const result = await this.#compare.find(requestId);
    if (!result) {
      throw new AppError(
        'not_found',
        'There is no comparison with that id; compare the product again, then add it.',
      );
    }
    const picked = offerId ? pickOffer(result, offerId) : result.product;
    if (!picked) throw new AppError('not_found', 'That offer is not part of this comparison.');

    const existing = await this.#repository.findFavoriteByUrl(userId, picked.url);
    if (existing) return { favorite: toFavorite(existing), created: false };
    const added = await this.#repository.addFavorite(
      {
        id: randomUUID(),
        user_id: userId,
        request_id: requestId,
        path: resultsPath(requestId, result.product.url),
        url: picked.url,
        title: picked.title,
        retailer_name: picked.retailerName,
        price_minor: picked.priceMinor,
        currency: picked.currency,
        image_url: picked.image,
      },
      this.#limits.favorites,
    );
    if (added) return { favorite: toFavorite(added), created: true };
    // Nothing was added: another request added the same link just now, or the list is full.
    const raced = await this.#repository.findFavoriteByUrl(userId, picked.url);
    if (raced) return { favorite: toFavorite(raced), created: false };
    throw new AppError(
      'conflict',
      `You can keep up to ${this.#limits.favorites} favourites. Remove some to add more.`,
    );
  }

  async removeFavorite(userId: string, id: string): Promise<void> {
    if (!(await this.#repository.deleteFavorite(userId, id))) {
      throw new AppError('not_found', 'That favourite is not in your list.');
    }
  }
}

/** An offer of the comparison; offers of the same product show the pasted product's image. */
function pickOffer(result: CompareResponse, offerId: string) {
  const same = result.sameProduct.find((offer) => offer.offerId === offerId);
  if (same) return { ...same, image: result.product.image };
  const alternative = result.alternatives.find((offer) => offer.offerId === offerId);
  return alternative ? { ...alternative, image: null } : undefined;
}

/** The results page of a comparison, as the web app builds it (spec §2). */
function resultsPath(requestId: string, url: string): string {
  let slug = 'unknown-product';
  try {
    slug = makeProductSlug(new URL(url));
  } catch {
    // Saved comparisons always hold absolute links; the fallback only guards old rows.
  }
  return `/new-search/${encodeURIComponent(requestId)}/${encodeURIComponent(slug)}`;
}

function toHistoryEntry(row: HistoryListRow): HistoryEntry {
  return {
    requestId: row.request_id,
    url: row.url,
    path: row.path,
    title: row.title,
    retailerName: row.retailer_name,
    priceMinor: row.price_minor,
    currency: row.currency,
    image: row.image_url,
    category: row.category ?? null,
    sameProductCount: row.same_product_count,
    alternativesCount: row.alternatives_count,
    comparedAt: new Date(row.compared_at).toISOString(),
    compareCount: row.compare_count,
  };
}

function toFavorite(row: FavoriteRow): Favorite {
  return {
    id: row.id,
    requestId: row.request_id,
    path: row.path,
    url: row.url,
    title: row.title,
    retailerName: row.retailer_name,
    priceMinor: row.price_minor,
    currency: row.currency,
    image: row.image_url,
    category: row.category ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
