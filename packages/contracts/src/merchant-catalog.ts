import { z } from 'zod';
import { pageNumberSchema, searchTextSchema } from './search-page.ts';

// ---- Feed imports: /api/business/catalog/feeds ----

/** Largest feed file a merchant may upload (the server refuses bigger ones with a 413). */
export const MAX_FEED_UPLOAD_MEGABYTES = 200;

/**
 * `POST /api/business/catalog/feeds` as JSON: ipick fetches the feed from the merchant's
 * address. (An upload is multipart instead: the file in field `feed`, optional `full=true`.)
 */
export const feedUrlImportRequestSchema = z.object({
  url: z
    .string({ message: 'add the address of your feed' })
    .trim()
    .min(1, 'add the address of your feed')
    .max(2048, 'must be at most 2048 characters')
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'must be a full http(s) address, e.g. https://shop.example.com/feed.xml'),
  /** A full feed lists everything the shop sells: offers it leaves out become out of stock. */
  full: z.boolean({ message: 'must be true or false' }).optional().default(false),
});
export type FeedUrlImportRequest = z.input<typeof feedUrlImportRequestSchema>;

/** 202: the import runs in the background; follow it at `GET .../feeds/:importId`. */
export const feedImportStartedResponseSchema = z.object({ importId: z.uuid() });

export const feedRejectionSchema = z.object({
  /** 1-based row (or item) number in the feed. */
  row: z.number().int(),
  /** The row's product id, when it had one. */
  id: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type FeedRejection = z.infer<typeof feedRejectionSchema>;

export const feedImportSchema = z.object({
  id: z.uuid(),
  /** The file name or the feed's address. */
  source: z.string(),
  /**
   * `interrupted`: ipick stopped while it ran (a crash, a restart); the counts are those it had
   * reached, and the merchant may run it again (`isFullFeed` says how it was run).
   */
  status: z.enum(['running', 'completed', 'failed', 'interrupted']),
  isFullFeed: z.boolean(),
  /** While running: `reading` checks every row, then `writing` saves the good ones. */
  phase: z.enum(['reading', 'writing']).nullable(),
  /** How much of an uploaded file has been read; null when the size is unknown. */
  bytesRead: z.number().int().nullable(),
  bytesTotal: z.number().int().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  itemsSeen: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  markedOutOfStock: z.number().int(),
  /** The first rejected rows (at most 100) with their reasons. */
  rejections: z.array(feedRejectionSchema),
  error: z.string().nullable(),
});
export type FeedImport = z.infer<typeof feedImportSchema>;

/** `GET /api/business/catalog/feeds`: the 20 latest imports, newest first. */
export const feedImportsResponseSchema = z.object({ imports: z.array(feedImportSchema) });

// ---- The merchant's products: GET /api/business/products ----

export const MERCHANT_PRODUCTS_PAGE_SIZE = 20;

/** `GET /api/business/products?query=&page=` */
export const merchantProductsQuerySchema = z.object({
  /** Words of the title, or the product id / GTIN; empty lists everything. */
  query: searchTextSchema,
  page: pageNumberSchema,
});
export type MerchantProductsQuery = z.input<typeof merchantProductsQuerySchema>;

/** The lowest price of the same product at another shop that ipick has seen. */
export const competingPriceSchema = z.object({
  priceMinor: z.number().int(),
  currency: z.string(),
  retailerName: z.string(),
  /** `comparison`: shown to a shopper next to this product; `catalog`: listed in ipick's catalog. */
  seenIn: z.enum(['comparison', 'catalog']),
});
export type CompetingPrice = z.infer<typeof competingPriceSchema>;

export const merchantProductSchema = z.object({
  offerId: z.uuid(),
  /** The shop's own product id (the feed's `id`). */
  productId: z.string(),
  title: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  brand: z.string().nullable(),
  gtin: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  availability: z.string().nullable(),
  lastSeenAt: z.string(),
  /** How ipick shoppers met it. */
  shoppers: z.object({
    /** Comparisons that showed it: pasted by the shopper, or listed as a match. */
    comparisons: z.number().int(),
    /** Of those, comparisons that started from this product's own page. */
    pasted: z.number().int(),
    /** Clicks out to it through ipick (bots left out). */
    clicks: z.number().int(),
    cheapestCompetitor: competingPriceSchema.nullable(),
  }),
});
export type MerchantProduct = z.infer<typeof merchantProductSchema>;

export const merchantProductsResponseSchema = z.object({
  items: z.array(merchantProductSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Products matching the query. */
  total: z.number().int(),
  /** Products in the shop's catalog at all (0: no feed imported yet). */
  catalogSize: z.number().int(),
});
export type MerchantProductsResponse = z.infer<typeof merchantProductsResponseSchema>;
