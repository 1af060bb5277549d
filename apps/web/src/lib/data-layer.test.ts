import type { CompareResponse } from '@ipick/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  itemFromLink,
  pushDataLayer,
  pushPriceComparisonEvent,
  pushSearchEvent,
  resetDataLayerGuard,
} from './data-layer';
import { SESSION_ID_STORAGE_KEY } from './session-id';
import { UTM_STORAGE_KEY } from './utm';

const requestId = '0d6f4c2a-1b3e-4f5a-8b7c-9d0e1f2a3b4c';
const pastedUrl = 'https://www.amazon.com/dp/B000000001';

function buildResult(): CompareResponse {
  const offer = {
    offerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    title: 'Acme 1.7L Electric Kettle',
    retailer: 'walmart',
    retailerName: 'Walmart',
    url: 'https://www.walmart.com/ip/1',
    priceMinor: 3799,
    currency: 'USD',
    availability: 'in_stock',
    condition: 'new',
    savingsMinor: 1200,
    confidence: 1,
    reasons: [],
  };
  return {
    requestId,
    product: {
      title: 'Acme Kettle 1.7 L',
      brand: 'Acme',
      gtin: null,
      mpn: null,
      priceMinor: 4999,
      currency: 'USD',
      retailer: 'amazon',
      retailerName: 'Amazon',
      url: pastedUrl,
      image: null,
      source: 'catalog',
    },
    sameProduct: [offer],
    alternatives: [
      { ...offer, offerId: '2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
      { ...offer, offerId: '3a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
    ],
    notice: null,
  };
}

beforeEach(() => {
  delete window.dataLayer;
  resetDataLayerGuard();
  sessionStorage.setItem(SESSION_ID_STORAGE_KEY, 'session-1');
  sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ source: 'news', campaign: 'spring' }));
});
afterEach(() => {
  delete window.dataLayer;
});

describe('pushDataLayer', () => {
  it('creates the array when absent and appends to an existing one', () => {
    pushDataLayer({ event: 'first' });
    expect(window.dataLayer).toEqual([{ event: 'first' }]);
    const existing: unknown[] = [{ event: 'gtm.js' }];
    window.dataLayer = existing;
    pushDataLayer({ event: 'second' });
    expect(existing).toEqual([{ event: 'gtm.js' }, { event: 'second' }]);
  });
});

describe('pushSearchEvent', () => {
  it('pushes one search event per request id with the visit fields', () => {
    expect(pushSearchEvent(requestId, pastedUrl)).toBe(true);
    expect(pushSearchEvent(requestId, pastedUrl)).toBe(false);
    expect(window.dataLayer).toEqual([
      {
        event: 'search',
        request_id: requestId,
        search_term: pastedUrl,
        currency: 'USD',
        item: { title: null, brand: null, price: null, retailer: 'Amazon', url: pastedUrl },
        session_id: 'session-1',
        referrer: document.referrer,
        utm_source: 'news',
        utm_medium: null,
        utm_campaign: 'spring',
        utm_term: null,
        utm_content: null,
      },
    ]);
  });

  it('names an unknown shop by its host', () => {
    expect(itemFromLink('https://www.small-shop.example/p/lamp').retailer).toBe(
      'small-shop.example',
    );
  });
});

describe('pushPriceComparisonEvent', () => {
  it('pushes the pasted product in major units and the counts, once per request id', () => {
    expect(pushPriceComparisonEvent(buildResult())).toBe(true);
    expect(pushPriceComparisonEvent(buildResult())).toBe(false);
    // A search for the same request is a different event and still goes out once.
    expect(pushSearchEvent(requestId, pastedUrl)).toBe(true);
    expect(window.dataLayer).toHaveLength(2);
    expect(window.dataLayer?.[0]).toEqual({
      event: 'price_comparison',
      request_id: requestId,
      currency: 'USD',
      item: {
        title: 'Acme Kettle 1.7 L',
        brand: 'Acme',
        price: 49.99,
        retailer: 'Amazon',
        url: pastedUrl,
      },
      same_product_count: 1,
      alternatives_count: 2,
      session_id: 'session-1',
      referrer: document.referrer,
      utm_source: 'news',
      utm_medium: null,
      utm_campaign: 'spring',
      utm_term: null,
      utm_content: null,
    });
  });

  it('reports an unknown price as null', () => {
    const result = buildResult();
    result.product.priceMinor = null;
    pushPriceComparisonEvent(result);
    expect(window.dataLayer?.[0]).toMatchObject({ item: { price: null } });
  });
});
