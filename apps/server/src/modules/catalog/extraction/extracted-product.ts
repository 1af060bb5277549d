import type { Availability, Condition } from '../catalog-types.ts';

export type { Availability, Condition };

/** Which reading of the page produced the data, most trusted first; 'none' when nothing did. */
export type ExtractionSource =
  'json-ld' | 'microdata' | 'rdfa' | 'open-graph' | 'html-fallback' | 'none';

/** A price in the currency's minor units (cents; whole yen for JPY), as `parsePrice` reads it. */
export interface ExtractedPrice {
  amountMinor: number;
  /** ISO 4217, upper-case; null when neither the page nor the price text names one. */
  currency: string | null;
}

/**
 * What a product page says about its product. Every field is null when the page does not say it;
 * strings are plain text (no markup), trimmed and length-capped; URLs are absolute http(s).
 */
export interface ExtractedProduct {
  title: string | null;
  brand: string | null;
  /** The 14-digit GTIN (checksum-validated by `normalizeGtin`). */
  gtin: string | null;
  mpn: string | null;
  sku: string | null;
  price: ExtractedPrice | null;
  availability: Availability | null;
  condition: Condition | null;
  image: string | null;
  /** `<link rel=canonical>`, else `og:url`, else the page URL. */
  canonicalUrl: string | null;
  description: string | null;
  category: string | null;
  /** The most trusted source that contributed a field to this result. */
  source: ExtractionSource;
}

/** The product fields one source can contribute; merged field by field in order of trust. */
export type ProductFields = Omit<ExtractedProduct, 'canonicalUrl' | 'source'>;

export const productFieldNames = [
  'title',
  'brand',
  'gtin',
  'mpn',
  'sku',
  'price',
  'availability',
  'condition',
  'image',
  'description',
  'category',
] as const satisfies readonly (keyof ProductFields)[];

export function emptyProductFields(): ProductFields {
  return {
    title: null,
    brand: null,
    gtin: null,
    mpn: null,
    sku: null,
    price: null,
    availability: null,
    condition: null,
    image: null,
    description: null,
    category: null,
  };
}

export function emptyExtractedProduct(canonicalUrl: string | null = null): ExtractedProduct {
  return { ...emptyProductFields(), canonicalUrl, source: 'none' };
}

/** Copies one field; a generic so that TypeScript keeps the field's own type. */
export function copyField<K extends keyof ProductFields>(
  target: ProductFields,
  source: ProductFields,
  field: K,
): void {
  target[field] = source[field];
}
