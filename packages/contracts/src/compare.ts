import { z } from 'zod';

/** `POST /api/compare`: compare the product of a pasted link (spec §1, §2). */
export const compareRequestSchema = z.object({
  url: z
    .string({ message: 'Paste a product link' })
    .trim()
    .min(1, 'Paste a product link')
    .max(2048, 'Product links can be at most 2,048 characters'),
  /** The id the web app made for this search (spec §2), so the result can be fetched again. */
  requestId: z.uuid().optional(),
});
export type CompareRequest = z.infer<typeof compareRequestSchema>;

export const comparedProductSchema = z.object({
  title: z.string(),
  brand: z.string().nullable(),
  gtin: z.string().nullable(),
  mpn: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  retailer: z.string(),
  retailerName: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  /** Where ipick learned about the product: its catalog, the page itself, or only the link's words. */
  source: z.enum(['catalog', 'page', 'link']),
});

export const comparedOfferSchema = z.object({
  offerId: z.uuid(),
  title: z.string(),
  retailer: z.string(),
  retailerName: z.string(),
  url: z.string(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  availability: z.string().nullable(),
  condition: z.string().nullable(),
  /**
   * How much less than the pasted product's price, in minor units (prices only, as shown);
   * negative when dearer; null if unknown.
   */
  savingsMinor: z.number().int().nullable(),
  /** Shipping in minor units when the shop says (0: free); null or absent when unknown. */
  shippingMinor: z.number().int().nullable().optional(),
  /** 0..1: how sure ipick is that this is the same product (or how close an alternative is). */
  confidence: z.number(),
  reasons: z.array(z.string()),
  /** The active merchant's domain the offer is on (spec §9), or null; absent in older results. */
  merchantDomain: z.string().nullable().optional(),
});
export type ComparedOffer = z.infer<typeof comparedOfferSchema>;

export const compareResponseSchema = z.object({
  requestId: z.uuid(),
  product: comparedProductSchema,
  sameProduct: z.array(comparedOfferSchema),
  alternatives: z.array(comparedOfferSchema),
  /** A note for the shopper when ipick could not read the page (e.g. it could not be fetched). */
  notice: z.string().nullable(),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;
