/**
 * Reads a product link from any shop (issue 4 "Retailer URL parsing"): which retailer, which
 * product, the canonical link, and the title words in the slug.
 */
import { canonicalizeGenericUrl } from './canonical-url.ts';
import { genericProductKey, genericTitleSlug } from './generic-product-key.ts';
import { toHttpUrl } from './http-url.ts';
import { retailerLinkRules } from './retailer-link-rules.ts';
import { findRetailerByHost, normalizeRetailerHost, type RetailerKey } from './retailer-table.ts';
import { titleWordsFromSlug } from './title-words.ts';

export interface ParsedRetailerUrl {
  /** One of the named retailers, or null for a generic shop (keyed by `host`). */
  retailer: RetailerKey | null;
  /** Lowercased, without `www.` or a trailing dot; with the port when the link has one. */
  host: string;
  /**
   * The retailer's id for the product (ASIN, item number, SKU, ...); for a generic shop a key
   * from the path. Null when the link is not a product page (home, search, category) or is a
   * short link that must be followed first. The same id can appear on several country stores of
   * one retailer (an ASIN on amazon.com and amazon.de): `canonicalUrl` tells them apart.
   */
  productId: string | null;
  /**
   * For a named retailer's product, the link rebuilt from the id on the store's own domain
   * (`https://www.amazon.co.uk/dp/B08P2HBBLX`). Otherwise the link without tracking parameters,
   * with the rest sorted and no fragment.
   */
  canonicalUrl: string;
  /** Lowercased title words from the link's slug; empty when there is none. */
  titleWords: string[];
}

/** Parses `input`; null only when it is not an absolute http(s) URL. Never throws. */
export function parseRetailerUrl(input: string | URL): ParsedRetailerUrl | null {
  const url = toHttpUrl(input);
  if (url === null) return null;
  const hostname = normalizeRetailerHost(url.hostname);
  const host = url.port === '' ? hostname : `${hostname}:${url.port}`;
  const retailer = findRetailerByHost(hostname);

  if (retailer !== null) {
    const segments = url.pathname.split('/').filter((segment) => segment !== '');
    const link = retailerLinkRules[retailer](url, hostname, segments);
    if (link !== null) {
      const titleWords = link.slug === null ? [] : titleWordsFromSlug(link.slug, link.productId);
      return {
        retailer,
        host,
        productId: link.productId,
        canonicalUrl: link.canonicalUrl,
        titleWords,
      };
    }
    return {
      retailer,
      host,
      productId: null,
      canonicalUrl: canonicalizeGenericUrl(url),
      titleWords: [],
    };
  }

  const productId = genericProductKey(url);
  const slug = productId === null ? null : genericTitleSlug(url);
  return {
    retailer: null,
    host,
    productId,
    canonicalUrl: canonicalizeGenericUrl(url),
    titleWords: slug === null ? [] : titleWordsFromSlug(slug, productId),
  };
}
