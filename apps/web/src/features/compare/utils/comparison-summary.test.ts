import type { ComparedOffer, ComparedProduct } from '@ipick/contracts';
import { describe, expect, it } from 'vitest';
import { buildOffer } from '../test/build-comparison';
import { comparisonSummary } from './comparison-summary';

const product = (overrides: Partial<ComparedProduct> = {}): ComparedProduct => ({
  title: 'Amazon Basics Slim Laptop Sleeve',
  brand: 'Amazon Basics',
  gtin: null,
  mpn: null,
  priceMinor: 1094,
  currency: 'USD',
  retailer: 'walmart',
  retailerName: 'Walmart',
  url: 'https://www.walmart.com/ip/1',
  image: null,
  source: 'catalog',
  shippingMinor: 699,
  ...overrides,
});

const at = (retailer: string, priceMinor: number, shippingMinor: number | null): ComparedOffer =>
  buildOffer({ retailer, retailerName: retailer, priceMinor, shippingMinor, currency: 'USD' });

describe('comparisonSummary', () => {
  it('names the best total, where, and the saving with shipping', () => {
    expect(comparisonSummary(product(), [at('Amazon', 1195, 599), at('eBay', 1227, 0)], [])).toBe(
      'Best price: $12.27 at eBay — save $5.66 (32%) with shipping',
    );
  });

  it('says when the pasted product is already the cheapest, or all others cost more', () => {
    expect(comparisonSummary(product(), [at('Costco', 1793, 0)], [])).toBe(
      'You already have the lowest price we found',
    );
    expect(
      comparisonSummary(
        product({ shippingMinor: 0 }),
        [at('Amazon', 1195, 599), at('eBay', 1227, 0)],
        [],
      ),
    ).toBe('We found this product at 2 other shops, all more expensive');
  });

  it('does not call the others dearer when the pasted shop does not say what shipping costs', () => {
    const noShipping = product({
      priceMinor: 9043,
      shippingMinor: null,
      retailerName: 'Demo Shop',
    });
    expect(comparisonSummary(noShipping, [at('Costco', 9297, 0), at('Target', 9799, 0)], [])).toBe(
      'Lowest price elsewhere: $92.97 at Costco with shipping — $2.54 more than at Demo Shop, whose shipping is unknown',
    );
    expect(comparisonSummary(noShipping, [at('Costco', 9043, 0)], [])).toBe(
      'Lowest price elsewhere: $90.43 at Costco with shipping — the same as at Demo Shop, whose shipping is unknown',
    );
    // A lower total elsewhere is a saving whatever the pasted shop charges for shipping.
    expect(comparisonSummary(noShipping, [at('Costco', 8500, 0)], [])).toBe(
      'Best price: $85.00 at Costco — save $5.43 (6%) with shipping',
    );
  });

  it('counts listings that are probably the product, rather than say none was found', () => {
    const probable = (retailer: string, priceMinor: number, shippingMinor: number | null) =>
      buildOffer({
        ...at(retailer, priceMinor, shippingMinor),
        tier: 'probable',
        evidenceTier: 'probable',
      });
    expect(
      comparisonSummary(
        product(),
        [],
        [],
        [probable('Costco', 9297, 0), probable('eBay', 9043, null)],
      ),
    ).toBe(
      '2 listings are probably this product — check the details; the lowest is $90.43 at eBay before shipping',
    );
    expect(comparisonSummary(product(), [], [], [probable('Costco', 9297, 0)])).toBe(
      'One listing is probably this product — check the details; the lowest is $92.97 at Costco with shipping',
    );
    // Listings that are surely the product come first in the answer.
    expect(
      comparisonSummary(product(), [at('Target', 1000, 0)], [], [probable('eBay', 900, 0)]),
    ).toBe('Best price: $10.00 at Target — save $7.93 (44%) with shipping');
  });

  it('says "before shipping" when the cheapest shop does not say what shipping costs', () => {
    expect(comparisonSummary(product(), [at('Target', 1000, null)], [])).toBe(
      'Best price: $10.00 at Target — save $7.93 (44%) before shipping',
    );
  });

  it('names the lowest price when the pasted product has none, and says when none was found', () => {
    expect(
      comparisonSummary(product({ priceMinor: null, source: 'link' }), [at('eBay', 1227, 0)], []),
    ).toBe('Lowest price we found: $12.27 at eBay with shipping');
    const similar = buildOffer({ tier: 'similar', evidenceTier: 'similar' });
    expect(comparisonSummary(product(), [], [similar, similar, similar])).toBe(
      "We didn't find this exact product at another shop — 3 similar products are below",
    );
    expect(comparisonSummary(product(), [], [])).toBe(
      "We didn't find this product at another shop",
    );
  });

  it('says when the product is elsewhere only in another condition', () => {
    const refurbished = buildOffer({
      tier: 'similar',
      evidenceTier: 'same',
      differences: [{ kind: 'condition', text: 'New, not refurbished' }],
    });
    expect(comparisonSummary(product({ condition: 'refurbished' }), [], [refurbished])).toBe(
      "We didn't find this product refurbished at another shop — one offer of it in another condition is below",
    );
  });
});
