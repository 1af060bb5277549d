import { describe, expect, it } from 'vitest';
import {
  compareByTotal,
  currencyOfHost,
  totalPrice,
  totalSavings,
  type PricedListing,
} from './total-price.ts';

const listing = (
  name: string,
  priceMinor: number | null,
  shippingMinor: number | null | undefined,
  currency: string | null = 'USD',
) => ({ name, priceMinor, shippingMinor, currency });

const ranked = (listings: (PricedListing & { name: string })[], currency: string | null = 'USD') =>
  [...listings].sort((a, b) => compareByTotal(a, b, currency)).map((entry) => entry.name);

describe('totalPrice', () => {
  it('adds shipping to the price, and says when shipping is unknown', () => {
    expect(totalPrice(listing('amazon', 1195, 599))).toEqual({
      amountMinor: 1794,
      currency: 'USD',
      isShippingKnown: true,
    });
    expect(totalPrice(listing('shop', 1195, null))).toEqual({
      amountMinor: 1195,
      currency: 'USD',
      isShippingKnown: false,
    });
    expect(totalPrice(listing('no price', null, 0))).toBeNull();
  });
});

describe('compareByTotal', () => {
  it('ranks by price plus shipping: free shipping at $12.27 before $11.95 + $5.99 (issue 19)', () => {
    expect(ranked([listing('amazon', 1195, 599), listing('ebay', 1227, 0)])).toEqual([
      'ebay',
      'amazon',
    ]);
  });

  it('ranks unknown shipping after a known total of the same amount, before a dearer one', () => {
    expect(
      ranked([
        listing('unknown shipping', 1500, null),
        listing('dearer', 1501, 0),
        listing('known', 1000, 500),
      ]),
    ).toEqual(['known', 'unknown shipping', 'dearer']);
  });

  it("ranks other currencies after the pasted product's, and unknown prices last", () => {
    expect(
      ranked(
        [
          listing('no price', null, null),
          listing('dollars', 1000, 0, 'USD'),
          listing('pounds', 1500, 0, 'GBP'),
          listing('cheap pounds', 900, 0, 'GBP'),
        ],
        'GBP',
      ),
    ).toEqual(['cheap pounds', 'pounds', 'dollars', 'no price']);
  });

  it('keeps ties in their order', () => {
    expect(ranked([listing('first', 1000, 0), listing('second', 1000, 0)])).toEqual([
      'first',
      'second',
    ]);
  });
});

describe('totalSavings', () => {
  it('compares totals with totals', () => {
    const pasted = listing('walmart', 1094, 0);
    expect(totalSavings(pasted, listing('amazon', 1195, 599))).toBe(-700);
    expect(totalSavings(pasted, listing('ebay', 1227, 0))).toBe(-133);
    expect(totalSavings(listing('newegg', 128499, 499), listing('amazon', 133299, 0))).toBe(-4301);
  });

  it('says nothing across currencies or without a price', () => {
    expect(totalSavings(listing('uk', 1000, 0, 'GBP'), listing('us', 900, 0, 'USD'))).toBeNull();
    expect(totalSavings(listing('link', null, null), listing('us', 900, 0))).toBeNull();
  });
});

describe('currencyOfHost', () => {
  it("reads a country store's currency from its domain", () => {
    expect(currencyOfHost('www.amazon.co.uk')).toBe('GBP');
    expect(currencyOfHost('amazon.de')).toBe('EUR');
    expect(currencyOfHost('www.amazon.com.au')).toBe('AUD');
    expect(currencyOfHost('www.amazon.com')).toBeNull();
  });
});
