import { browseResponseSchema, type BrowseResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { generateDemoCatalog, type DemoProduct } from '../demo/catalog-generator.ts';
import { loadDemoCatalog } from '../demo/catalog-loader.ts';

// Issue 19: Browse lists each product of the demo catalog once, at a plausible price.

const SEED = 1;
const PRODUCTS = 400;
const catalog = [...generateDemoCatalog({ seed: SEED, products: PRODUCTS })];
/** The generated product each listing belongs to, by retailer and the retailer's id. */
const productOfListing = new Map<string, DemoProduct>(
  catalog.flatMap((product) =>
    product.offers.map(({ retailer, offer }) => [
      `${retailer}|${offer.retailerProductId}`,
      product,
    ]),
  ),
);

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await loadDemoCatalog(testDb.database.db, { seed: SEED, products: PRODUCTS });
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function browsePage(page: number): Promise<BrowseResponse> {
  const response = await app.inject({ url: `/api/catalog/products?page=${page}&pageSize=96` });
  expect(response.statusCode, response.body).toBe(200);
  return browseResponseSchema.parse(response.json());
}

/** Every product Browse lists, page after page. */
async function browseAll(): Promise<BrowseResponse['items']> {
  const items: BrowseResponse['items'] = [];
  for (let page = 1; ; page++) {
    const result = await browsePage(page);
    items.push(...result.items);
    if (items.length >= result.total || result.items.length === 0) return items;
  }
}

/** A Costco bundle shows no maker's identifier: it is an item of its own, listed apart. */
const bundleListings = new Set(
  catalog.flatMap((product) =>
    product.offers
      .filter(({ offer }) => offer.gtin === null && offer.mpn === null)
      .map(({ retailer, offer }) => `${retailer}|${offer.retailerProductId}`),
  ),
);

/** The generated products whose listings a Browse product gathers, and if they are bundles. */
async function generatedProductsOf(
  productId: string,
): Promise<{ keys: Set<string>; isBundle: boolean }> {
  const rows = await testDb.database.db
    .selectFrom('offers as o')
    .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
    .select(['r.key', 'o.retailer_product_id'])
    .where('o.product_id', '=', productId)
    .execute();
  const listings = rows.map((row) => `${row.key}|${row.retailer_product_id}`);
  return {
    keys: new Set(listings.map((listing) => productOfListing.get(listing)!.key)),
    isBundle: listings.every((listing) => bundleListings.has(listing)),
  };
}

describe('Browse on the demo catalog', () => {
  it('lists no product twice: every generated product is one Browse result', async () => {
    const items = await browseAll();
    expect(new Set(items.map((item) => item.productId)).size).toBe(items.length);
    const listedAs = new Map<string, string[]>();
    let bundles = 0;
    for (const item of items) {
      const { keys, isBundle } = await generatedProductsOf(item.productId);
      // One result never mixes two products...
      expect(keys.size, item.title).toBe(1);
      if (isBundle) {
        bundles++;
        continue;
      }
      const [key] = [...keys];
      listedAs.set(key!, [...(listedAs.get(key!) ?? []), item.title]);
    }
    // ...and one product is never split over two results.
    for (const [key, titles] of listedAs) expect(titles, key).toHaveLength(1);
    expect(listedAs.size).toBe(catalog.length);
    expect(bundles).toBe(bundleListings.size);
  });

  it('shows each product "from" a price near what its shops ask', async () => {
    const items = await browseAll();
    for (const item of items) {
      const [key] = [...(await generatedProductsOf(item.productId)).keys];
      const product = catalog.find((candidate) => candidate.key === key)!;
      // The cheapest listing, even second-hand, is not a fraction of the list price.
      expect(item.lowestPriceMinor!, item.title).toBeGreaterThan(product.basePriceMinor * 0.6);
      expect(item.lowestPriceMinor!, item.title).toBeLessThanOrEqual(product.basePriceMinor * 1.05);
    }
  });
});
