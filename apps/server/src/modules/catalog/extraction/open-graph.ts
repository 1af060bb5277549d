import { emptyProductFields, type ProductFields } from './extracted-product.ts';
import { fieldLengths } from './extraction-limits.ts';
import type { PageIndex } from './page-index.ts';
import { cleanPageTitle } from './page-title.ts';
import { readPrice, type PriceContext } from './price-reading.ts';
import {
  cleanIdentifier,
  cleanText,
  normalizeAvailability,
  normalizeCondition,
  readGtin,
  toAbsoluteUrl,
} from './text-values.ts';

export interface OpenGraphReading {
  fields: ProductFields;
  /** og:type is a product, or product:* / og:price:* tags are present. */
  isProduct: boolean;
}

/**
 * Open Graph, its product extension (`product:price:amount`, `product:availability`,
 * `product:retailer_item_id`...), the `og:price:*` variant some platforms write, and Twitter
 * cards.
 */
export function readOpenGraph(
  page: PageIndex,
  baseUrl: string | null,
  prices: PriceContext,
  siteNames: readonly string[],
): OpenGraphReading {
  const meta = (...keys: string[]): string | null => {
    for (const key of keys) {
      const value = page.metas.get(key)?.find((content) => content.trim() !== '');
      if (value !== undefined) return value;
    }
    return null;
  };
  const fields = emptyProductFields();
  // og:title often repeats the <title>, shop name included ('… : Target').
  fields.title = cleanPageTitle(meta('og:title', 'twitter:title'), siteNames);
  fields.description = cleanText(
    meta('og:description', 'twitter:description'),
    fieldLengths.description,
  );
  fields.image = toAbsoluteUrl(
    meta('og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'),
    baseUrl,
  );
  fields.brand = cleanText(meta('product:brand', 'og:brand'), fieldLengths.brand);
  fields.sku = cleanIdentifier(meta('product:retailer_item_id', 'product:sku', 'og:sku'));
  fields.mpn = cleanIdentifier(meta('product:mfr_part_no', 'product:mpn'));
  fields.category = cleanText(meta('product:category'), fieldLengths.category);
  fields.availability = normalizeAvailability(meta('product:availability', 'og:availability'));
  fields.condition = normalizeCondition(meta('product:condition', 'og:condition'));
  for (const key of [
    'product:gtin',
    'product:ean',
    'product:upc',
    'og:upc',
    'og:ean',
    'product:isbn',
  ]) {
    fields.gtin ??= readGtin(meta(key), { isIsbn: key === 'product:isbn' });
  }

  // A sale price is what the shopper pays; the regular price is the fallback.
  const pricePairs = [
    ['product:sale_price:amount', 'product:sale_price:currency'],
    ['product:price:amount', 'product:price:currency'],
    ['og:price:amount', 'og:price:currency'],
  ] as const;
  for (const [amountKey, currencyKey] of pricePairs) {
    fields.price ??= readPrice(meta(amountKey), meta(currencyKey), 'machine', prices);
  }
  fields.price ??= readTwitterPrice(page, prices);

  const type = meta('og:type')?.toLowerCase() ?? '';
  const isProduct =
    type.includes('product') ||
    [...page.metas.keys()].some((key) => key.startsWith('product:') || key.startsWith('og:price:'));
  return { fields, isProduct };
}

/** Twitter product cards: `twitter:label1` = 'Price', `twitter:data1` = '$29.99'. */
function readTwitterPrice(page: PageIndex, prices: PriceContext) {
  for (const index of ['1', '2']) {
    const label = page.metas.get(`twitter:label${index}`)?.[0];
    const data = page.metas.get(`twitter:data${index}`)?.[0];
    if (label !== undefined && /price/i.test(label) && data !== undefined) {
      return readPrice(data, null, 'display', prices);
    }
  }
  return null;
}

/** The currency the page's meta tags name, for prices that do not name their own. */
export function openGraphCurrency(page: PageIndex): string | null {
  for (const key of [
    'product:price:currency',
    'og:price:currency',
    'product:sale_price:currency',
  ]) {
    const value = page.metas.get(key)?.[0];
    if (value !== undefined && /^\s*[A-Za-z]{3}\s*$/.test(value)) return value.trim().toUpperCase();
  }
  return null;
}
