import type { ComparedOffer, CompareResponse, MatchTierValue } from '@ipick/contracts';
import { compareByTotal } from '@ipick/core';

/**
 * How an offer list is ordered: lowest total (price plus shipping) first unless the shopper picks
 * another. A "biggest saving" order would be the same list, since savings are totals too.
 */
export type OfferSort = 'price' | 'match';

export const OFFER_SORTS: readonly { value: OfferSort; label: string }[] = [
  { value: 'price', label: 'Lowest total price' },
  { value: 'match', label: 'Best match' },
];

export const DEFAULT_OFFER_SORT: OfferSort = 'price';

/** The conditions a shopper can filter by, in the order they are offered. */
export const OFFER_CONDITIONS = ['new', 'used', 'refurbished'] as const;
export type OfferCondition = (typeof OFFER_CONDITIONS)[number];

export interface OfferFilters {
  /** Retailer keys to keep; empty keeps every retailer. */
  retailers: readonly string[];
  inStockOnly: boolean;
  /**
   * Conditions to keep; empty keeps every condition (and offers whose condition is unknown).
   * Asking for used or refurbished offers also counts them as the same product (issue 19).
   */
  conditions: readonly OfferCondition[];
}

export const NO_OFFER_FILTERS: OfferFilters = { retailers: [], inStockOnly: false, conditions: [] };

// "Limited" stock can still be bought today; pre-orders, back-orders and unknown stock cannot be
// promised, so "In stock only" leaves them out.
const IN_STOCK = new Set(['in_stock', 'limited']);

export function isInStock(offer: ComparedOffer): boolean {
  return offer.availability !== null && IN_STOCK.has(offer.availability);
}

export function hasActiveFilters(filters: OfferFilters): boolean {
  return filters.retailers.length > 0 || filters.inStockOnly || filters.conditions.length > 0;
}

/** The offers that pass every active filter, in their original order. */
export function filterOffers(
  offers: readonly ComparedOffer[],
  filters: OfferFilters,
): ComparedOffer[] {
  return offers.filter(
    (offer) =>
      (filters.retailers.length === 0 || filters.retailers.includes(offer.retailer)) &&
      (!filters.inStockOnly || isInStock(offer)) &&
      (filters.conditions.length === 0 ||
        (offer.condition !== null &&
          (filters.conditions as readonly string[]).includes(offer.condition))),
  );
}

/**
 * How an offer is shown. A used or refurbished unit of the very product (its only difference is
 * its condition) is "Similar" until the shopper asks for that condition, and then what its
 * evidence makes it. Results saved before tiers existed have none: their lists say.
 */
export function shownTier(
  offer: ComparedOffer,
  filters: OfferFilters,
  fallback: MatchTierValue = 'similar',
): MatchTierValue {
  const tier = offer.tier ?? fallback;
  const differences = offer.differences ?? [];
  if (
    tier === 'similar' &&
    offer.evidenceTier !== undefined &&
    offer.evidenceTier !== 'similar' &&
    differences.length > 0 &&
    differences.every((difference) => difference.kind === 'condition') &&
    offer.condition !== null &&
    (filters.conditions as readonly string[]).includes(offer.condition)
  )
    return offer.evidenceTier;
  return tier;
}

/** Every offer of a comparison, grouped by how it is shown. */
export function offersByTier(
  result: Pick<CompareResponse, 'sameProduct' | 'alternatives'>,
  filters: OfferFilters,
): Record<MatchTierValue, ComparedOffer[]> {
  const groups: Record<MatchTierValue, ComparedOffer[]> = { same: [], probable: [], similar: [] };
  for (const offer of result.sameProduct) groups[shownTier(offer, filters, 'same')].push(offer);
  for (const offer of result.alternatives) groups[shownTier(offer, filters, 'similar')].push(offer);
  return groups;
}

/** Ascending, with unknown values (null) always last whatever the direction. */
function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * direction;
}

/**
 * A sorted copy; offers that tie keep the server's order. `currency` is the pasted product's:
 * totals in it come first (unknown shipping after a known total of the same amount), then other
 * currencies, then unknown prices.
 */
export function sortOffers(
  offers: readonly ComparedOffer[],
  sort: OfferSort,
  currency: string | null,
): ComparedOffer[] {
  const byTotal = (a: ComparedOffer, b: ComparedOffer) => compareByTotal(a, b, currency);
  const byMatch = (a: ComparedOffer, b: ComparedOffer) =>
    compareNullable(a.confidence, b.confidence, -1);
  return [...offers].sort((a, b) =>
    sort === 'price' ? byTotal(a, b) || byMatch(a, b) : byMatch(a, b) || byTotal(a, b),
  );
}

/** Filters, then sorts. */
export function applyOfferView(
  offers: readonly ComparedOffer[],
  filters: OfferFilters,
  sort: OfferSort,
  currency: string | null,
): ComparedOffer[] {
  return sortOffers(filterOffers(offers, filters), sort, currency);
}

export interface OfferFacet<T extends string = string> {
  value: T;
  label: string;
  /** Offers with this value, before any filter. */
  count: number;
}

export interface OfferFacets {
  /** The retailers present, by name. */
  retailers: OfferFacet[];
  /** Only the conditions some offer has, in `OFFER_CONDITIONS` order. */
  conditions: OfferFacet<OfferCondition>[];
  inStockCount: number;
}

export const CONDITION_LABELS: Record<OfferCondition, string> = {
  new: 'New',
  used: 'Used',
  refurbished: 'Refurbished',
};

/** What the filters can offer for these offers, with counts. */
export function offerFacets(offers: readonly ComparedOffer[]): OfferFacets {
  const retailers = new Map<string, OfferFacet>();
  for (const offer of offers) {
    const facet = retailers.get(offer.retailer);
    if (facet) facet.count += 1;
    else
      retailers.set(offer.retailer, { value: offer.retailer, label: offer.retailerName, count: 1 });
  }
  const conditions = OFFER_CONDITIONS.map((value) => ({
    value,
    label: CONDITION_LABELS[value],
    count: offers.filter((offer) => offer.condition === value).length,
  })).filter((facet) => facet.count > 0);
  return {
    retailers: [...retailers.values()].sort((a, b) => a.label.localeCompare(b.label)),
    conditions,
    inStockCount: offers.filter(isInStock).length,
  };
}

/** Adds `value` to the list when absent, removes it when present. */
export function toggleValue<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
