import { conflictFacts, prepareSide, type ConflictFacts, type PreparedSide } from '@ipick/core';
import { LRUCache } from 'lru-cache';
import type { OfferView } from './compare-repository.ts';

/**
 * A prepared view takes about 2 KB (measured on the matching benchmark's titles), so at most
 * some 10 MB: enough for the title candidates of the products shoppers compare most.
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
  readonly #cache = new LRUCache<string, PreparedOffer>({ max: MAX_PREPARED_OFFERS });

  of(offer: Pick<OfferView, 'title' | 'brand' | 'mpn' | 'category'>): PreparedSide {
    return this.#entry(offer).side;
  }

  /**
   * What the hard-conflict rules read of the offer (`conflictFacts`), kept with its view: a
   * comparison reads them for a candidate twice (is it a variant of the pasted product, and
   * what sets it apart), and they cost about as much as the view's tokens.
   */
  factsOf(
    offer: Pick<OfferView, 'title' | 'brand' | 'mpn' | 'category' | 'condition'>,
  ): ConflictFacts {
    const entry = this.#entry(offer);
    let facts = entry.facts.get(offer.condition);
    if (!facts) {
      facts = conflictFacts({ title: offer.title, condition: offer.condition, side: entry.side });
      entry.facts.set(offer.condition, facts);
    }
    return facts;
  }

  #entry(offer: Pick<OfferView, 'title' | 'brand' | 'mpn' | 'category'>): PreparedOffer {
    const key = [offer.title, offer.brand ?? '', offer.mpn ?? '', offer.category ?? ''].join(
      '\u0001',
    );
    let entry = this.#cache.get(key);
    if (!entry) {
      const side = prepareSide({
        title: offer.title,
        brand: offer.brand,
        model: offer.mpn,
        category: offer.category,
      });
      entry = { side, facts: new Map() };
      this.#cache.set(key, entry);
    }
    return entry;
  }

  get size(): number {
    return this.#cache.size;
  }
}

interface PreparedOffer {
  side: PreparedSide;
  /** By the offer's condition, which the rules read beside the title (new, used…). */
  facts: Map<OfferView['condition'], ConflictFacts>;
}
