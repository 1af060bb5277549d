import { z } from 'zod';

/** `GET /api/catalog/categories`: the categories of the catalog, for `/browse`. */
export const catalogCategorySchema = z.object({
  /** As stored, e.g. `small-tech`; used in `/browse/:category`. */
  slug: z.string(),
  /** For people: `Small tech`. */
  name: z.string(),
  productCount: z.number().int(),
  /** Cheapest and dearest offer in the category, minor units (USD in the demo catalog). */
  minPriceMinor: z.number().int().nullable(),
  maxPriceMinor: z.number().int().nullable(),
});
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;

export const catalogCategoriesResponseSchema = z.object({
  categories: z.array(catalogCategorySchema),
});
export type CatalogCategoriesResponse = z.infer<typeof catalogCategoriesResponseSchema>;

export const BROWSE_PAGE_SIZE = 24;

const optionalPrice = (field: string) =>
  z.coerce
    .number({ message: `${field} must be a number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(0, `${field} cannot be negative`)
    .optional();

/** `GET /api/catalog/products` query. Prices are minor units (cents). */
export const browseQuerySchema = z
  .object({
    category: z.string().trim().max(64).optional(),
    q: z.string().trim().max(200, 'q: the search is too long (200 characters at most)').optional(),
    minPriceMinor: optionalPrice('minPriceMinor'),
    maxPriceMinor: optionalPrice('maxPriceMinor'),
    sort: z.enum(['relevance', 'price-asc', 'price-desc', 'offers']).default('relevance'),
    page: z.coerce.number().int().min(1, 'page starts at 1').max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(96).default(BROWSE_PAGE_SIZE),
  })
  .refine(
    (query) =>
      query.minPriceMinor === undefined ||
      query.maxPriceMinor === undefined ||
      query.minPriceMinor <= query.maxPriceMinor,
    { message: 'minPriceMinor must not be above maxPriceMinor', path: ['minPriceMinor'] },
  );
export type BrowseQuery = z.input<typeof browseQuerySchema>;

export const browseProductSchema = z.object({
  productId: z.uuid(),
  title: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  offerCount: z.number().int(),
  retailerCount: z.number().int(),
  lowestPriceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** A retailer page of the cheapest offer: comparing it opens the product's results. */
  url: z.string(),
  retailerName: z.string(),
});
export type BrowseProduct = z.infer<typeof browseProductSchema>;

export const browseResponseSchema = z.object({
  items: z.array(browseProductSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type BrowseResponse = z.infer<typeof browseResponseSchema>;

/** `GET /api/compare/examples`: links from the catalog that the landing pages offer to try. */
export const compareExampleSchema = z.object({
  title: z.string(),
  url: z.string(),
  retailerName: z.string(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  image: z.string().nullable(),
  /** The product's catalog category, for the drawing shown when it has no picture. */
  category: z.string().nullable(),
  /** How many other retailers sell the same product. */
  otherRetailers: z.number().int(),
});
export type CompareExample = z.infer<typeof compareExampleSchema>;

export const compareExamplesResponseSchema = z.object({
  examples: z.array(compareExampleSchema),
});
export type CompareExamplesResponse = z.infer<typeof compareExamplesResponseSchema>;
