import type { ComparedOffer, CompareResponse } from '@ipick/contracts';

/** Test data: a comparison as `POST /api/compare` answers it. */

export const REQUEST_ID = '0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c';
export const PASTED_URL = 'https://www.amazon.com/dp/B000000001';
export const NEW_SEARCH_PATH = `/new-search/${REQUEST_ID}/amazon-com-b000000001`;
export const OLD_SEARCH_PATH = `/search/${REQUEST_ID}/amazon-com-b000000001`;

let nextOffer = 0;

export function buildOffer(overrides: Partial<ComparedOffer> = {}): ComparedOffer {
  nextOffer += 1;
  return {
    offerId: `1a2b3c4d-5e6f-4a7b-8c9d-${String(nextOffer).padStart(12, '0')}`,
    title: `Offer ${String(nextOffer)}`,
    retailer: 'walmart',
    retailerName: 'Walmart',
    url: `https://www.walmart.com/ip/${String(nextOffer)}`,
    priceMinor: 3799,
    currency: 'USD',
    availability: 'in_stock',
    condition: 'new',
    savingsMinor: 1200,
    confidence: 1,
    reasons: [],
    ...overrides,
  };
}

export function buildComparison(overrides: Partial<CompareResponse> = {}): CompareResponse {
  return {
    requestId: REQUEST_ID,
    product: {
      title: 'Acme Kettle 1.7 L',
      brand: 'Acme',
      gtin: '00012345678905',
      mpn: null,
      priceMinor: 4999,
      currency: 'USD',
      retailer: 'amazon',
      retailerName: 'Amazon',
      url: PASTED_URL,
      image: null,
      source: 'catalog',
    },
    sameProduct: [
      buildOffer({
        title: 'Acme 1.7L Electric Kettle',
        url: 'https://www.walmart.com/ip/1',
        reasons: ['same GTIN 00012345678905'],
      }),
      buildOffer({
        title: 'Kettle by Acme',
        retailer: 'target',
        retailerName: 'Target',
        url: 'https://www.target.com/p/2',
        priceMinor: 5299,
        availability: 'out_of_stock',
        savingsMinor: -300,
        confidence: 0.9,
        reasons: ['same brand', 'title words match'],
      }),
    ],
    alternatives: [],
    notice: null,
    ...overrides,
  };
}

/**
 * Five offers for filter and sort tests. Same product: Walmart $37.99 (in stock, new, 100%),
 * Target $52.99 (out of stock, new, 90%), eBay $29.99 (in stock, used, 92%). Similar: Best Buy
 * $44.99 (in stock, new, 60%), Walmart $59.99 (pre-order, refurbished, 75%).
 */
export function buildRichComparison(): CompareResponse {
  const base = buildComparison();
  return {
    ...base,
    sameProduct: [
      ...base.sameProduct,
      buildOffer({
        title: 'Acme kettle (used)',
        retailer: 'ebay',
        retailerName: 'eBay',
        url: 'https://www.ebay.com/itm/3',
        priceMinor: 2999,
        condition: 'used',
        savingsMinor: 2000,
        confidence: 0.92,
      }),
    ],
    alternatives: [
      buildOffer({
        title: 'Zeta Kettle 1.5 L',
        retailer: 'bestbuy',
        retailerName: 'Best Buy',
        url: 'https://www.bestbuy.com/site/4',
        priceMinor: 4499,
        savingsMinor: 500,
        confidence: 0.6,
        reasons: ['same category'],
      }),
      buildOffer({
        title: 'Omega Kettle refurbished',
        url: 'https://www.walmart.com/ip/5',
        priceMinor: 5999,
        availability: 'preorder',
        condition: 'refurbished',
        savingsMinor: -1000,
        confidence: 0.75,
      }),
    ],
  };
}
