import type { Availability, Condition } from '../../platform/db/schema.ts';

export type { Availability, Condition };

/** One retailer's listing of a product, as a feed, a page or the demo generator gives it. */
export interface OfferInput {
  retailerProductId: string;
  url: string;
  title: string;
  brand: string | null;
  /** The 14-digit GTIN (see normalizeGtin), when known. */
  gtin: string | null;
  mpn: string | null;
  /** Model numbers found in the title or attributes, e.g. KDL-40V5100. */
  modelNumbers?: string[];
  category: string | null;
  imageUrl: string | null;
  priceMinor: number | null;
  currency: string | null;
  availability: Availability | null;
  condition: Condition | null;
  shippingMinor: number | null;
  attributes?: Record<string, string>;
}

export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** Letters and digits only, upper-cased: how MPNs and model numbers are compared. */
export function normalizeIdentifier(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
