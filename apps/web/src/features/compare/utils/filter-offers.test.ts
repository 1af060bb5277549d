import type { ComparedOffer } from '@ipick/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyOfferView,
  filterOffers,
  hasActiveFilters,
  NO_OFFER_FILTERS,
  offerFacets,
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
    buildOffer({ title: 'b', priceMinor: 2000, savingsMinor: 500, confidence: 0.7 }),
    buildOffer({ title: 'unknown', priceMinor: null, savingsMinor: null, confidence: 0.99 }),
    buildOffer({ title: 'a', priceMinor: 1500, savingsMinor: 1000, confidence: 0.6 }),
    buildOffer({ title: 'c', priceMinor: 2500, savingsMinor: -500, confidence: 0.95 }),
    buildOffer({ title: 'a-twin', priceMinor: 1500, savingsMinor: 1000, confidence: 0.8 }),
  ];

  it('puts the lowest price first and unknown prices last; ties go to the better match', () => {
    expect(titles(sortOffers(offers, 'price'))).toEqual(['a-twin', 'a', 'b', 'c', 'unknown']);
  });

  it('puts the biggest saving first and unknown savings last', () => {
    expect(titles(sortOffers(offers, 'savings'))).toEqual(['a', 'a-twin', 'b', 'c', 'unknown']);
  });

  it('puts the best match first', () => {
    expect(titles(sortOffers(offers, 'match'))).toEqual(['unknown', 'c', 'a-twin', 'b', 'a']);
  });

  it('does not change the list it is given', () => {
    const before = titles(offers);
    sortOffers(offers, 'match');
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
    );
    expect(titles(view)).toEqual(['cheap', 'dear']);
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
