import { prepareSide, type PreparedSide } from '@ipick/core';
import { LRUCache } from 'lru-cache';
import type { OfferView } from './compare-repository.ts';

/**
 * About 6.5 KB each (token and trigram sets), so at most some 30 MB: enough for the title
 * candidates of the products shoppers compare most.
 */
const MAX_PREPARED_OFFERS = 5_000;

/**
 * The matcher's view of catalog offers (`prepareSide`), kept for the offers compared lately.
 * Preparing a candidate — normalising, tokenising, finding model numbers and measures — is
 * about half the cost of scoring it, and a popular product's comparisons meet the same
 * candidates again and again. The key is everything the view is made from, so an offer whose
 * title changes is prepared afresh.
 */
export class PreparedOffers {
  readonly #cache = new LRUCache<string, PreparedSide>({ max: MAX_PREPARED_OFFERS });

  of(offer: Pick<OfferView, 'title' | 'brand' | 'mpn' | 'category'>): PreparedSide {
    const key = [offer.title, offer.brand ?? '', offer.mpn ?? '', offer.category ?? ''].join(
      '\u0001',
    );
    let side = this.#cache.get(key);
    if (!side) {
      side = prepareSide({
        title: offer.title,
        brand: offer.brand,
        model: offer.mpn,
        category: offer.category,
      });
      this.#cache.set(key, side);
    }
    return side;
  }

  get size(): number {
    return this.#cache.size;
  }
}
