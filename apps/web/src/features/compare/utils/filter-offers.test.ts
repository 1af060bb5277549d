import type { ComparedOffer } from '@ipick/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyOfferView,
  filterOffers,
  hasActiveFilters,
  NO_OFFER_FILTERS,
  OFFER_SORTS,
  offerFacets,
  offersByTier,
  shownTier,
  sortOffers,
  toggleValue,
} from './filter-offers';

let nextId = 0;
function buildOffer(overrides: Partial<ComparedOffer> = {}): ComparedOffer {
  nextId += 1;
  return {
    offerId: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    title: `Offer ${String(nextId)}`,
    retailer: 'walmart',
    retailerName: 'Walmart',
    url: `https://www.walmart.com/ip/${String(nextId)}`,
    priceMinor: 1000,
    currency: 'USD',
    availability: 'in_stock',
    condition: 'new',
    savingsMinor: 0,
    confidence: 0.5,
    reasons: [],
    ...overrides,
  };
}

const titles = (offers: ComparedOffer[]) => offers.map((offer) => offer.title);

describe('filterOffers', () => {
  const offers = [
    buildOffer({ title: 'walmart new', retailer: 'walmart' }),
    buildOffer({
      title: 'target used',
      retailer: 'target',
      retailerName: 'Target',
      condition: 'used',
    }),
    buildOffer({
      title: 'ebay refurb oos',
      retailer: 'ebay',
      condition: 'refurbished',
      availability: 'out_of_stock',
    }),
    buildOffer({ title: 'ebay unknown', retailer: 'ebay', condition: null, availability: null }),
    buildOffer({ title: 'target limited', retailer: 'target', availability: 'limited' }),
    buildOffer({ title: 'walmart preorder', availability: 'preorder' }),
  ];

  it('keeps everything without filters', () => {
    expect(filterOffers(offers, NO_OFFER_FILTERS)).toEqual(offers);
    expect(hasActiveFilters(NO_OFFER_FILTERS)).toBe(false);
  });

  it('keeps only the chosen retailers', () => {
    const filters = { ...NO_OFFER_FILTERS, retailers: ['target', 'ebay'] };
    expect(titles(filterOffers(offers, filters))).toEqual([
      'target used',
      'ebay refurb oos',
      'ebay unknown',
      'target limited',
    ]);
    expect(hasActiveFilters(filters)).toBe(true);
  });

  it('counts limited stock as in stock, and unknown, pre-order and out-of-stock as not', () => {
    const filters = { ...NO_OFFER_FILTERS, inStockOnly: true };
    expect(titles(filterOffers(offers, filters))).toEqual([
      'walmart new',
      'target used',
      'target limited',
    ]);
  });

  it('keeps the chosen conditions and leaves out unknown ones', () => {
    const filters = { ...NO_OFFER_FILTERS, conditions: ['used', 'refurbished'] as const };
    expect(titles(filterOffers(offers, filters))).toEqual(['target used', 'ebay refurb oos']);
  });

  it('combines filters', () => {
    const filters = { retailers: ['target'], inStockOnly: true, conditions: ['new'] as const };
    expect(titles(filterOffers(offers, filters))).toEqual(['target limited']);
  });
});

describe('sortOffers', () => {
  const offers = [
    buildOffer({ title: 'b', priceMinor: 2000, shippingMinor: 0, confidence: 0.7 }),
    buildOffer({ title: 'unknown', priceMinor: null, confidence: 0.99 }),
    buildOffer({ title: 'a', priceMinor: 1500, shippingMinor: 0, confidence: 0.6 }),
    buildOffer({ title: 'c', priceMinor: 2500, shippingMinor: 0, confidence: 0.95 }),
    buildOffer({ title: 'a-twin', priceMinor: 1500, shippingMinor: 0, confidence: 0.8 }),
  ];

  it('puts the lowest total first and unknown prices last; ties go to the better match', () => {
    expect(titles(sortOffers(offers, 'price', 'USD'))).toEqual([
      'a-twin',
      'a',
      'b',
      'c',
      'unknown',
    ]);
  });

  it('ranks by price plus shipping (issue 19: $12.27 free shipping before $11.95 + $5.99)', () => {
    const ranked = sortOffers(
      [
        buildOffer({ title: 'amazon', priceMinor: 1195, shippingMinor: 599 }),
        buildOffer({ title: 'ebay', priceMinor: 1227, shippingMinor: 0 }),
        buildOffer({ title: 'shipping unknown', priceMinor: 1794, shippingMinor: null }),
      ],
      'price',
      'USD',
    );
    expect(titles(ranked)).toEqual(['ebay', 'amazon', 'shipping unknown']);
  });

  it('puts the best match first', () => {
    expect(titles(sortOffers(offers, 'match', 'USD'))).toEqual([
      'unknown',
      'c',
      'a-twin',
      'b',
      'a',
    ]);
  });

  it('offers two different orders, and no "biggest saving" that would repeat the first', () => {
    expect(OFFER_SORTS.map((sort) => sort.label)).toEqual(['Lowest total price', 'Best match']);
  });

  it('does not change the list it is given', () => {
    const before = titles(offers);
    sortOffers(offers, 'match', 'USD');
    expect(titles(offers)).toEqual(before);
  });

  it('filters, then sorts', () => {
    const filters = { ...NO_OFFER_FILTERS, inStockOnly: true };
    const view = applyOfferView(
      [
        buildOffer({ title: 'dear', priceMinor: 900 }),
        buildOffer({ title: 'gone', priceMinor: 100, availability: 'out_of_stock' }),
        buildOffer({ title: 'cheap', priceMinor: 800 }),
      ],
      filters,
      'price',
      'USD',
    );
    expect(titles(view)).toEqual(['cheap', 'dear']);
  });
});

describe('shownTier and offersByTier', () => {
  const refurbished = buildOffer({
    title: 'refurbished',
    condition: 'refurbished',
    tier: 'similar',
    evidenceTier: 'same',
    differences: [{ kind: 'condition', text: 'Refurbished, not new' }],
  });
  const smaller = buildOffer({
    title: 'smaller',
    tier: 'similar',
    evidenceTier: 'same',
    differences: [{ kind: 'size', text: 'Different size: 43-inch vs 85-inch' }],
  });

  it('keeps a refurbished unit similar until the shopper asks for refurbished offers', () => {
    expect(shownTier(refurbished, NO_OFFER_FILTERS)).toBe('similar');
    expect(shownTier(refurbished, { ...NO_OFFER_FILTERS, conditions: ['refurbished'] })).toBe(
      'same',
    );
    expect(shownTier(refurbished, { ...NO_OFFER_FILTERS, conditions: ['used'] })).toBe('similar');
  });

  it('never makes another size the same product', () => {
    expect(shownTier(smaller, { ...NO_OFFER_FILTERS, conditions: ['new', 'refurbished'] })).toBe(
      'similar',
    );
  });

  it("groups a comparison's offers, reading older results by their list", () => {
    const same = buildOffer({ title: 'same', tier: 'same' });
    const probable = buildOffer({ title: 'probable', tier: 'probable' });
    const legacySame = buildOffer({ title: 'legacy same' });
    const legacySimilar = buildOffer({ title: 'legacy similar' });
    const groups = offersByTier(
      {
        sameProduct: [same, probable, legacySame],
        alternatives: [smaller, refurbished, legacySimilar],
      },
      NO_OFFER_FILTERS,
    );
    expect(titles(groups.same)).toEqual(['same', 'legacy same']);
    expect(titles(groups.probable)).toEqual(['probable']);
    expect(titles(groups.similar)).toEqual(['smaller', 'refurbished', 'legacy similar']);
  });
});

describe('offerFacets', () => {
  it('lists the retailers and conditions present, with counts', () => {
    const facets = offerFacets([
      buildOffer({ retailer: 'walmart', retailerName: 'Walmart', condition: 'used' }),
      buildOffer({ retailer: 'bestbuy', retailerName: 'Best Buy', availability: 'out_of_stock' }),
      buildOffer({ retailer: 'walmart', retailerName: 'Walmart', condition: null }),
    ]);
    expect(facets.retailers).toEqual([
      { value: 'bestbuy', label: 'Best Buy', count: 1 },
      { value: 'walmart', label: 'Walmart', count: 2 },
    ]);
    expect(facets.conditions).toEqual([
      { value: 'new', label: 'New', count: 1 },
      { value: 'used', label: 'Used', count: 1 },
    ]);
    expect(facets.inStockCount).toBe(2);
  });
});

describe('toggleValue', () => {
  it('adds a missing value and removes a present one', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});
