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
  /**
   * The catalog category (`electronics`, `kitchen`…) for the picture's stand-in drawing; null when
   * unknown, absent in older results.
   */
  category: z.string().nullable().optional(),
  /** Where ipick learned about the product: its catalog, the page itself, or only the link's words. */
  source: z.enum(['catalog', 'page', 'link']),
  /** Shipping in minor units when the shop says (0: free); null or absent when unknown. */
  shippingMinor: z.number().int().nullable().optional(),
  /** 'new', 'used' or 'refurbished' when the shop says; absent in older results. */
  condition: z.string().nullable().optional(),
});
export type ComparedProduct = z.infer<typeof comparedProductSchema>;

/**
 * How a listing is presented (issue 19): "Same product", "Probably the same — check the
 * details", or "Similar" (an alternative).
 */
export const matchTierSchema = z.enum(['same', 'probable', 'similar']);
export type MatchTierValue = z.infer<typeof matchTierSchema>;

/** Kinds of hard difference that make a listing another product (`@ipick/core` conflicts). */
export const differenceKindSchema = z.enum([
  'size',
  'capacity',
  'quantity',
  'generation',
  'model',
  'colour',
  'connector',
  'condition',
  'region',
  'variant',
]);
export type DifferenceKind = z.infer<typeof differenceKindSchema>;

export const offerDifferenceSchema = z.object({
  kind: differenceKindSchema,
  /** For the shopper: "Different size: 43-inch vs 85-inch", "Refurbished, not new". */
  text: z.string(),
});
export type OfferDifference = z.infer<typeof offerDifferenceSchema>;

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
  /** The catalog category of the offer's product; null when unknown, absent in older results. */
  category: z.string().nullable().optional(),
  /**
   * How much less than the pasted product this offer costs, price plus shipping on both sides
   * (unknown shipping counts as none), in minor units; negative when dearer; null when either
   * price is unknown or the currencies differ.
   */
  savingsMinor: z.number().int().nullable(),
  /** Shipping in minor units when the shop says (0: free); null or absent when unknown. */
  shippingMinor: z.number().int().nullable().optional(),
  /** 0..1: how sure ipick is that this is the same product (or how close an alternative is). */
  confidence: z.number(),
  /**
   * How the offer is presented; a hard difference makes it 'similar'. Absent in older results,
   * where `sameProduct` meant 'same' and `alternatives` 'similar'.
   */
  tier: matchTierSchema.optional(),
  /**
   * The tier the match evidence alone gives (catalog link, GTIN, the matcher's score), before
   * the hard differences: a refurbished unit of the very same model is 'same' here and 'similar'
   * in `tier`, so a shopper who asks for refurbished offers can see it as the same product.
   */
  evidenceTier: matchTierSchema.optional(),
  /** Hard differences from the pasted product, most telling first; empty for the same product. */
  differences: z.array(offerDifferenceSchema).optional(),
  /** Sentences, the differences first: "Different size: 43-inch vs 85-inch", "Same model number (QM655R)". */
  reasons: z.array(z.string()),
  /** The active merchant's domain the offer is on (spec §9), or null; absent in older results. */
  merchantDomain: z.string().nullable().optional(),
});
export type ComparedOffer = z.infer<typeof comparedOfferSchema>;

export const compareResponseSchema = z.object({
  requestId: z.uuid(),
  product: comparedProductSchema,
  /** Offers of the same product ('same' and 'probable' tiers), lowest total price first. */
  sameProduct: z.array(comparedOfferSchema),
  /** Close alternatives ('similar'), including the same model with a hard difference. */
  alternatives: z.array(comparedOfferSchema),
  /** A note for the shopper when ipick could not read the page (e.g. it could not be fetched). */
  notice: z.string().nullable(),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;
