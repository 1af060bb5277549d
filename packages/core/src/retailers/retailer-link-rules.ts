/**
 * How each named retailer's links carry its product id, and the one canonical link ipick rebuilds
 * from that id so that every shape of link to one item collapses to the same key
 * (research/matching.md §4.2). Shapes were checked against links found in public code.
 */
import type { RetailerKey } from './retailer-table.ts';
import { safeDecode } from './safe-decode.ts';

export interface RetailerProductLink {
  productId: string;
  canonicalUrl: string;
  /** The path segment that holds the product title, when the link has one. */
  slug: string | null;
}

/**
 * Reads a product link of one retailer. `host` is the lowercased hostname without `www.`;
 * `segments` are the non-empty path segments, still percent-encoded. Null means the link is not a
 * product page (a search, a category, the home page) or is a short link that must be followed.
 */
type LinkRule = (url: URL, host: string, segments: readonly string[]) => RetailerProductLink | null;

const asinPathPattern =
  /\/(?:dp(?:\/product)?|gp\/product(?:\/glance)?|gp\/aw\/d|gp\/offer-listing|exec\/obidos\/asin|exec\/obidos\/tg\/detail\/-|o\/asin|product-reviews)\/([a-z0-9]{10})(?=[/;]|$)/i;

/** Amazon: the ASIN (ten letters or digits; an ISBN-10 for books), upper-cased. */
const amazonLink: LinkRule = (url, host) => {
  let asin = asinPathPattern.exec(url.pathname)?.[1];
  // amzn.com/<ASIN> is Amazon's old short form; amzn.to and a.co links need their redirect.
  if (host === 'amzn.com') asin ??= /^\/([a-z0-9]{10})\/?$/i.exec(url.pathname)?.[1];
  if (asin === undefined) return null;
  const domain = host === 'amzn.com' ? 'amazon.com' : host.replace(/^(?:m|smile)\./, '');
  if (!domain.startsWith('amazon.')) return null;
  const productId = asin.toUpperCase();
  const slug = /^\/([^/]+)\/(?:dp|product-reviews)\//i.exec(url.pathname)?.[1] ?? null;
  return {
    productId,
    canonicalUrl: `https://www.${domain}/dp/${productId}`,
    slug: slug === '-' ? null : slug,
  };
};

/** Walmart: `/ip/<slug>/<usItemId>` or `/ip/<usItemId>`. */
const walmartLink: LinkRule = (_url, _host, segments) => {
  if (lower(segments[0]) !== 'ip' || segments.length < 2) return null;
  const productId = segments[segments.length - 1]!;
  if (!/^\d{5,15}$/.test(productId)) return null;
  return {
    productId,
    canonicalUrl: `https://www.walmart.com/ip/${productId}`,
    slug: segments.length >= 3 ? segments[segments.length - 2]! : null,
  };
};

/**
 * Target: `/p/<slug>/-/A-<tcin>`. A `?preselect=<tcin>` picks a variant of that page; the variant
 * is what the shopper buys, so it becomes the product id and the link keeps selecting it.
 */
const targetLink: LinkRule = (url, _host, segments) => {
  if (lower(segments[0]) !== 'p') return null;
  const tcin = /^a-(\d{5,12})$/i.exec(segments[segments.length - 1] ?? '')?.[1];
  if (tcin === undefined) return null;
  const preselect = url.searchParams.get('preselect');
  const variant = preselect !== null && /^\d{5,12}$/.test(preselect) ? preselect : tcin;
  const query = variant === tcin ? '' : `?preselect=${variant}`;
  return {
    productId: variant,
    canonicalUrl: `https://www.target.com/p/-/A-${tcin}${query}`,
    slug: segments.slice(1, -1).find((segment) => segment !== '-') ?? null,
  };
};

const bestBuySkuPattern = /^\d{5,9}$/;

function bestBuyUsSku(sku: string, slug: string | null): RetailerProductLink {
  return {
    productId: sku,
    canonicalUrl: `https://www.bestbuy.com/site/${sku}.p?skuId=${sku}`,
    slug,
  };
}

/**
 * Best Buy US: the classic `/site/<slug>/<sku>.p?skuId=<sku>`, the newer
 * `/product/<slug>/<code>[/sku/<sku>]` (a ten-character product code; the SKU when the link has
 * it), and affiliate click links. Best Buy Canada: `/en-ca/product/<slug>/<sku>`.
 */
const bestBuyLink: LinkRule = (url, host, segments) => {
  const last = segments[segments.length - 1] ?? '';
  if (host === 'api.bestbuy.com') {
    const sku = lower(segments[0]) === 'click' ? segments[2] : undefined;
    return sku !== undefined && bestBuySkuPattern.test(sku) ? bestBuyUsSku(sku, null) : null;
  }
  if (host === 'bestbuy.ca') {
    const locale = lower(segments[0]);
    const isProductPath = ['product', 'produit'].includes(lower(segments[1]));
    if ((locale !== 'en-ca' && locale !== 'fr-ca') || !isProductPath) return null;
    if (segments.length < 3 || !/^m?\d{5,10}$/i.test(last)) return null;
    const productId = last.toLowerCase();
    const path = locale === 'fr-ca' ? 'fr-ca/produit' : 'en-ca/product';
    return {
      productId,
      canonicalUrl: `https://www.bestbuy.ca/${path}/${productId}`,
      slug: segments.length >= 4 ? segments[segments.length - 2]! : null,
    };
  }
  if (/\.p$/i.test(last)) {
    const pathSku = /^(\d+)\.p$/i.exec(last)?.[1];
    const sku = firstMatching(bestBuySkuPattern, pathSku, url.searchParams.get('skuId'));
    if (sku === undefined) return null;
    const slug = segments.length >= 3 ? segments[segments.length - 2]! : null;
    return bestBuyUsSku(sku, slug);
  }
  if (lower(segments[0]) !== 'product' || segments.length < 3) return null;
  const slug = segments[1]!;
  const skuIndex = segments.findIndex((segment, index) => index >= 2 && lower(segment) === 'sku');
  const sku = skuIndex >= 0 ? segments[skuIndex + 1] : segments.length === 3 ? last : undefined;
  if (sku !== undefined && bestBuySkuPattern.test(sku)) return bestBuyUsSku(sku, slug);
  const code = segments[2]!;
  if (!/^(?=.*[a-z])[a-z0-9]{8,12}$/i.test(code)) return null;
  const productId = code.toUpperCase();
  return { productId, canonicalUrl: `https://www.bestbuy.com/product/${slug}/${productId}`, slug };
};

/** eBay: `/itm/<item id>` or `/itm/<slug>/<item id>`; the old `eBayISAPI.dll?ViewItem&item=`. */
const ebayLink: LinkRule = (url, host, segments) => {
  const domain = host.replace(/^(?:m|cgi)\./, '');
  if (!domain.startsWith('ebay.') || domain === 'ebay.us') return null;
  let productId: string | undefined;
  let slug: string | null = null;
  if (lower(segments[0]) === 'itm' && segments.length >= 2) {
    productId = segments[segments.length - 1];
    slug = segments.length >= 3 ? segments[segments.length - 2]! : null;
  } else if (/ebayisapi\.dll$/i.test(segments[segments.length - 1] ?? '')) {
    productId = url.searchParams.get('item') ?? undefined;
  }
  if (productId === undefined || !/^\d{9,15}$/.test(productId)) return null;
  // `var` picks one variation (size, colour) of a multi-variation listing.
  const variation = url.searchParams.get('var');
  const query = variation !== null && /^\d{1,15}$/.test(variation) ? `?var=${variation}` : '';
  return { productId, canonicalUrl: `https://www.${domain}/itm/${productId}${query}`, slug };
};

/** Newegg item numbers: N82E… (Newegg's own), 9SI… (marketplace sellers), and `2S7-01KR-035X0`. */
const neweggItemPattern =
  /^(?:N82E\d{8,11}|9SI[A-Z0-9]{6,16}|[0-9A-Z]{2,4}-[0-9A-Z]{3,5}-[0-9A-Z]{4,6})$/i;

/**
 * Newegg: `/<slug>/p/<item>`, `/p/<item>`, `?Item=<item>` (which names the seller's listing, so
 * it wins over the path), and the global stores under `/global/<cc>-en/`. `/p/pl` is the search.
 */
const neweggLink: LinkRule = (url, host, segments) => {
  const itemParameter = queryValue(url, 'item');
  const pIndex = segments.findLastIndex((segment) => lower(segment) === 'p');
  const pathItem = pIndex >= 0 ? segments[pIndex + 1] : undefined;
  const item = firstMatching(neweggItemPattern, itemParameter, pathItem);
  if (item === undefined) return null;
  const productId = item.toUpperCase();
  const isGlobal =
    lower(segments[0]) === 'global' && /^[a-z]{2}-[a-z]{2}$/i.test(segments[1] ?? '');
  const prefix = isGlobal ? `/global/${lower(segments[1])}` : '';
  const slugIndex = pIndex - 1;
  const slug = slugIndex >= (isGlobal ? 2 : 0) ? segments[slugIndex]! : null;
  const domain = host.replace(/^m\./, '');
  return { productId, canonicalUrl: `https://www.${domain}${prefix}/p/${productId}`, slug };
};

/**
 * Costco: `/<slug>.product.<id>.html` (costco.ca and older costco.com links), the newer
 * costco.com `/p/-/<slug>/<id>`, and `/…/p/<id>` on the other country sites.
 */
const costcoLink: LinkRule = (_url, host, segments) => {
  const last = segments[segments.length - 1] ?? '';
  let productId: string | undefined;
  let slug: string | null = null;
  const legacy = /^(.*)\.product\.(\d{4,12})\.html?$/i.exec(last);
  const pIndex = segments.findLastIndex((segment) => lower(segment) === 'p');
  if (legacy !== null) {
    productId = legacy[2]!;
    slug = legacy[1] === '' ? null : legacy[1]!;
  } else if (pIndex === 0 && segments[1] === '-' && segments.length <= 4) {
    productId = /^\d{4,12}$/.test(last) ? last : undefined;
    slug = segments.length === 4 ? segments[2]! : null;
  } else if (pIndex >= 0 && pIndex === segments.length - 2 && /^[a-z0-9]{3,20}$/i.test(last)) {
    productId = last.toUpperCase();
    slug = pIndex > 0 ? segments[pIndex - 1]! : null;
  }
  if (productId === undefined) return null;
  const canonicalPath =
    host === 'costco.com'
      ? `/p/-/${productId}`
      : host === 'costco.ca'
        ? `/.product.${productId}.html`
        : `/p/${productId}`;
  return { productId, canonicalUrl: `https://www.${host}${canonicalPath}`, slug };
};

/**
 * Apple Store: `[/<country>]/shop/product/<part>/<slug>`, where the part number contains a slash
 * (`MX542AM/A`), sometimes encoded as %2F. Configurators (`/shop/buy-iphone/...`) name no part.
 */
const appleProductPattern =
  /^((?:\/[a-z0-9_-]+){0,2}?)\/shop\/product\/([a-z0-9]{5,8})(?:\/|%2f)([a-z])(?=\/|$)(?:\/([^/]+))?/i;

const appleLink: LinkRule = (url) => {
  const match = appleProductPattern.exec(url.pathname);
  if (match === null) return null;
  const [, prefix, model, region, slug] = match;
  const productId = `${model}/${region}`.toUpperCase();
  return {
    productId,
    canonicalUrl: `https://www.apple.com${prefix!.toLowerCase()}/shop/product/${productId}`,
    slug: slug ?? null,
  };
};

/**
 * PlayStation Direct: `/<locale>/<section>/<type>/<slug>.<item number>`; the newer
 * `/<locale>/buy-<section>/<slug>` links carry no number, so the slug is the key. Sections alone
 * (`/en-us/ps5`) are not products.
 */
const playstationLink: LinkRule = (_url, _host, segments) => {
  if (!/^[a-z]{2}-[a-z]{2}$/i.test(segments[0] ?? '') || segments.length < 3) return null;
  const last = segments[segments.length - 1]!;
  // The store's own links are all lower-case, so case differences are the sharer's, not a page's.
  const canonicalUrl = `https://direct.playstation.com/${segments.join('/').toLowerCase()}`;
  const item = /^(.+)\.(\d{7})$/.exec(last);
  if (item !== null) return { productId: item[2]!, canonicalUrl, slug: item[1]! };
  if (!lower(segments[1]).startsWith('buy-') && segments.length < 4) return null;
  return { productId: safeDecode(last).toLowerCase(), canonicalUrl, slug: last };
};

export const retailerLinkRules: Readonly<Record<RetailerKey, LinkRule>> = {
  amazon: amazonLink,
  ebay: ebayLink,
  walmart: walmartLink,
  target: targetLink,
  bestbuy: bestBuyLink,
  apple: appleLink,
  playstation: playstationLink,
  newegg: neweggLink,
  costco: costcoLink,
};

/** The first candidate that matches `pattern` (which must not be global). */
function firstMatching(
  pattern: RegExp,
  ...candidates: (string | null | undefined)[]
): string | undefined {
  return candidates.find(
    (candidate): candidate is string => typeof candidate === 'string' && pattern.test(candidate),
  );
}

function lower(segment: string | undefined): string {
  return segment?.toLowerCase() ?? '';
}

/** A query value by case-insensitive name (Newegg writes both `Item=` and `item=`). */
function queryValue(url: URL, name: string): string | undefined {
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}
