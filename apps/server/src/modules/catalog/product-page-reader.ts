import { parseRetailerUrl, RETAILERS, type ParsedRetailerUrl } from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import { FetchRefusedError, type SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import type { CatalogRepository, RetailerRecord } from './catalog-repository.ts';
import { normalizeIdentifier, type OfferInput } from './catalog-types.ts';
import { extractProduct } from './extraction/extract-product.ts';
import type { ExtractedProduct } from './extraction/extracted-product.ts';

export interface ReadProductPage {
  link: ParsedRetailerUrl;
  retailer: RetailerRecord;
  offer: OfferInput;
  extracted: ExtractedProduct;
}

/** Words that look like a model number: letters and digits mixed, at least 5 characters (KDL-40V5100). */
const modelNumberPattern = /\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{3,}[A-Z0-9]\b/g;

/**
 * Reads a product page of any shop: fetches it through the SSRF-safe fetcher, extracts its
 * schema.org (or fallback) product data, and stores it as an offer of the page's retailer.
 * Errors a shopper can act on are AppErrors with a clear message.
 */
export class ProductPageReader {
  readonly #fetcher: SafeFetcher;
  readonly #repository: CatalogRepository;

  constructor(fetcher: SafeFetcher, repository: CatalogRepository) {
    this.#fetcher = fetcher;
    this.#repository = repository;
  }

  async read(url: string): Promise<ReadProductPage> {
    const link = parseRetailerUrl(url);
    if (!link)
      throw new AppError('invalid_request', 'url: only http and https product links can be read');
    let page;
    try {
      page = await this.#fetcher.fetchText(link.canonicalUrl, 'html');
    } catch (error) {
      if (error instanceof FetchRefusedError) {
        throw new AppError('invalid_request', error.message);
      }
      throw error;
    }
    const extracted = extractProduct(page.text, page.url);
    if (extracted.source === 'none' || !extracted.title) {
      throw new AppError('not_found', 'That page does not describe a product ipick can read.');
    }
    const retailer = await this.#retailerOf(link);
    const offer = toOfferInput(link, extracted);
    await this.#repository.upsertOffers(retailer.id, [offer]);
    return { link, retailer, offer, extracted };
  }

  async #retailerOf(link: ParsedRetailerUrl): Promise<RetailerRecord> {
    if (link.retailer) {
      const known = RETAILERS[link.retailer];
      return this.#repository.ensureRetailer({
        key: known.key,
        displayName: known.name,
        hosts: [...known.hosts],
        affiliateParam: known.affiliateParameter,
      });
    }
    return (
      (await this.#repository.findRetailerByHost(link.host)) ??
      this.#repository.ensureRetailer({
        key: link.host,
        displayName: link.host,
        hosts: [link.host],
        affiliateParam: null,
      })
    );
  }
}

/** The offer a read page amounts to; the retailer's id from the link wins over the page's SKU. */
export function toOfferInput(link: ParsedRetailerUrl, extracted: ExtractedProduct): OfferInput {
  const title = extracted.title ?? link.titleWords.join(' ');
  const modelNumbers = [
    ...new Set((title.toUpperCase().match(modelNumberPattern) ?? []).map(normalizeIdentifier)),
  ];
  return {
    retailerProductId: link.productId ?? extracted.sku ?? link.canonicalUrl,
    url: link.canonicalUrl,
    title,
    brand: extracted.brand,
    gtin: extracted.gtin,
    mpn: extracted.mpn,
    modelNumbers,
    category: extracted.category,
    imageUrl: extracted.image,
    priceMinor: extracted.price?.currency ? extracted.price.amountMinor : null,
    currency: extracted.price?.currency ?? null,
    availability: extracted.availability,
    condition: extracted.condition,
    shippingMinor: null,
  };
}
