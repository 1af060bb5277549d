import type { CompareResponse } from '@ipick/contracts';
import { currencyExponent, parseRetailerUrl, RETAILERS } from '@ipick/core';
import { getSessionId } from './session-id';
import { readStoredUtm } from './utm';

/** One entry of the page's data layer (tag managers read `window.dataLayer`). */
export type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The product an event is about; what is not known yet (before the comparison) is null. */
export interface DataLayerItem {
  title: string | null;
  brand: string | null;
  /** In major units (12.99), as tag managers expect; null when the price is unknown. */
  price: number | null;
  retailer: string | null;
  url: string;
}

/** Spec §9: the product reports in US dollars. */
export const DATA_LAYER_CURRENCY = 'USD';

// Module-level so that re-renders, remounts and React StrictMode's double effects push an event
// for a request at most once for the page's lifetime (spec §7: one search, one comparison).
const pushedEvents = new Set<string>();

/** Appends an event to `window.dataLayer`, creating the array when no tag manager made it. */
export function pushDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

/** The fields every ipick event carries: currency, visit session, referrer and the visit's UTM. */
function visitFields() {
  const utm = readStoredUtm();
  return {
    currency: DATA_LAYER_CURRENCY,
    session_id: getSessionId(),
    referrer: typeof document === 'undefined' ? '' : document.referrer,
    utm_source: utm?.source ?? null,
    utm_medium: utm?.medium ?? null,
    utm_campaign: utm?.campaign ?? null,
    utm_term: utm?.term ?? null,
    utm_content: utm?.content ?? null,
  };
}

function pushOnce(key: string, build: () => DataLayerEvent): boolean {
  if (pushedEvents.has(key)) return false;
  pushedEvents.add(key);
  pushDataLayer(build());
  return true;
}

/** What the link alone says about the product: its URL and, when recognised, its retailer. */
export function itemFromLink(url: string): DataLayerItem {
  const parsed = parseRetailerUrl(url);
  const retailer = parsed
    ? parsed.retailer
      ? RETAILERS[parsed.retailer].name
      : parsed.host
    : null;
  return { title: null, brand: null, price: null, retailer, url };
}

/** The pasted product as the comparison resolved it. */
export function itemFromProduct(product: CompareResponse['product']): DataLayerItem {
  const { priceMinor, currency } = product;
  return {
    title: product.title,
    brand: product.brand,
    price:
      priceMinor === null
        ? null
        : priceMinor / 10 ** currencyExponent(currency ?? DATA_LAYER_CURRENCY),
    retailer: product.retailerName,
    url: product.url,
  };
}

/**
 * Pushes the `search` event when a comparison of a pasted link starts (spec §7); once per
 * request id. Returns whether it pushed.
 */
export function pushSearchEvent(requestId: string, url: string): boolean {
  return pushOnce(`search:${requestId}`, () => ({
    event: 'search',
    request_id: requestId,
    search_term: url,
    item: itemFromLink(url),
    ...visitFields(),
  }));
}

/**
 * Pushes the `price_comparison` event when a comparison's results arrive (spec §7); once per
 * request id. Returns whether it pushed.
 */
export function pushPriceComparisonEvent(result: CompareResponse): boolean {
  return pushOnce(`price_comparison:${result.requestId}`, () => ({
    event: 'price_comparison',
    request_id: result.requestId,
    item: itemFromProduct(result.product),
    same_product_count: result.sameProduct.length,
    alternatives_count: result.alternatives.length,
    ...visitFields(),
  }));
}

/** Tests only: forgets which requests have been pushed. */
export function resetDataLayerGuard(): void {
  pushedEvents.clear();
}
