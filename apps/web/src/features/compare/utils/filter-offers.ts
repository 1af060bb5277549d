import type { ComparedOffer } from '@ipick/contracts';

/** How an offer list is ordered; lowest price first unless the shopper picks another. */
export type OfferSort = 'price' | 'savings' | 'match';

export const OFFER_SORTS: readonly { value: OfferSort; label: string }[] = [
  { value: 'price', label: 'Lowest price' },
  { value: 'savings', label: 'Biggest saving' },
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
  /** Conditions to keep; empty keeps every condition (and offers whose condition is unknown). */
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

/** Ascending, with unknown values (null) always last whatever the direction. */
function compareNullable(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * direction;
}

const comparators: Record<OfferSort, (a: ComparedOffer, b: ComparedOffer) => number> = {
  price: (a, b) =>
    compareNullable(a.priceMinor, b.priceMinor, 1) ||
    compareNullable(a.confidence, b.confidence, -1),
  savings: (a, b) =>
    compareNullable(a.savingsMinor, b.savingsMinor, -1) ||
    compareNullable(a.priceMinor, b.priceMinor, 1),
  match: (a, b) =>
    compareNullable(a.confidence, b.confidence, -1) ||
    compareNullable(a.priceMinor, b.priceMinor, 1),
};

/** A sorted copy; offers that tie keep the server's order. */
export function sortOffers(offers: readonly ComparedOffer[], sort: OfferSort): ComparedOffer[] {
  return [...offers].sort(comparators[sort]);
}

/** Filters, then sorts. */
export function applyOfferView(
  offers: readonly ComparedOffer[],
  filters: OfferFilters,
  sort: OfferSort,
): ComparedOffer[] {
  return sortOffers(filterOffers(offers, filters), sort);
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

const conditionLabels: Record<OfferCondition, string> = {
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
    label: conditionLabels[value],
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
