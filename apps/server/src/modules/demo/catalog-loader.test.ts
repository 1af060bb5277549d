import { RETAILERS } from '@ipick/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { generateDemoCatalog } from './catalog-generator.ts';
import { loadDemoCatalog } from './catalog-loader.ts';

const PRODUCTS = 200;
const now = new Date('2026-03-01T12:00:00.000Z');
const catalog = [...generateDemoCatalog({ seed: 11, products: PRODUCTS })];
const offers = catalog.flatMap((product) => product.offers);

/**
 * The catalog links an offer to a product by GTIN, then by brand and MPN: products whose
 * offers carry an identifier become one product each; an offer with neither makes its own.
 */
const identifiedOffer = (offer: (typeof offers)[number]['offer']) =>
  offer.gtin !== null || (offer.mpn !== null && offer.brand !== null);
const expectedProducts =
  catalog.filter((product) => product.offers.some(({ offer }) => identifiedOffer(offer))).length +
  offers.filter(({ offer }) => !identifiedOffer(offer)).length;
const expectedObservations = offers.reduce((sum, offer) => sum + 1 + offer.history.length, 0);

let testDatabase: TestDatabase;

async function count(table: 'retailers' | 'products' | 'offers' | 'price_observations') {
  const row = await testDatabase.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase.dispose();
});

describe('loadDemoCatalog', () => {
  it('loads the retailers, offers, products and price history', async () => {
    const progress: number[] = [];
    const result = await loadDemoCatalog(testDatabase.database.db, {
      seed: 11,
      products: PRODUCTS,
      batchSize: 50,
      now,
      onProgress: ({ offers: written }) => progress.push(written),
    });

    expect(result).toMatchObject({
      products: PRODUCTS,
      offers: offers.length,
      created: offers.length,
      updated: 0,
      unchanged: 0,
      observations: expectedObservations,
    });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(progress.at(-1)).toBe(offers.length);
    expect(await count('retailers')).toBe(9);
    expect(await count('offers')).toBe(offers.length);
    expect(await count('products')).toBe(expectedProducts);
    expect(await count('price_observations')).toBe(expectedObservations);
  });

  it('stores the retailers of spec §3 with their hosts and the affiliate parameters of §9', async () => {
    const rows = await testDatabase.database.db
      .selectFrom('retailers')
      .select(['key', 'display_name', 'hosts', 'affiliate_param', 'affiliate_id'])
      .orderBy('key')
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.get('amazon')).toMatchObject({ display_name: 'Amazon', affiliate_param: 'tag' });
    expect(byKey.get('ebay')).toMatchObject({ affiliate_param: 'partner' });
    for (const key of [
      'walmart',
      'target',
      'bestbuy',
      'apple',
      'playstation',
      'newegg',
      'costco',
    ]) {
      expect(byKey.get(key)).toMatchObject({ affiliate_param: 'affiliate', affiliate_id: null });
    }
    expect(byKey.get('playstation')!.hosts).toContain('direct.playstation.com');
    expect(byKey.get('amazon')!.hosts).toEqual([...RETAILERS.amazon.hosts]);
  });

  it('links the offers of one product that show its GTIN to one catalog product', async () => {
    const rows = await testDatabase.database.db
      .selectFrom('offers')
      .select(['gtin', sql<number>`count(distinct product_id)`.as('products')])
      .where('gtin', 'is not', null)
      .groupBy('gtin')
      .execute();
    expect(rows.length).toBeGreaterThan(PRODUCTS / 2);
    for (const row of rows) expect(Number(row.products)).toBe(1);
  });

  it('writes each offer’s history before the time it was seen', async () => {
    const { db } = testDatabase.database;
    const offer = offers.find((candidate) => candidate.history.length >= 3)!;
    const row = await db
      .selectFrom('offers')
      .select(['id', 'first_seen_at'])
      .where('retailer_product_id', '=', offer.offer.retailerProductId)
      .executeTakeFirstOrThrow();
    expect(row.first_seen_at.toISOString()).toBe(now.toISOString());
    const history = await db
      .selectFrom('price_observations')
      .select(['observed_at', 'price_minor', 'availability'])
      .where('offer_id', '=', row.id)
      .orderBy('observed_at')
      .execute();
    expect(history.map((point) => Number(point.price_minor))).toEqual([
      ...offer.history.map((point) => point.priceMinor),
      offer.offer.priceMinor,
    ]);
    expect(history[0]!.observed_at.getTime()).toBe(
      now.getTime() - offer.history[0]!.daysAgo * 86_400_000,
    );
  });

  it('changes nothing when the same catalog is loaded again, even at another time', async () => {
    const before = {
      products: await count('products'),
      offers: await count('offers'),
      observations: await count('price_observations'),
    };
    const again = await loadDemoCatalog(testDatabase.database.db, {
      seed: 11,
      products: PRODUCTS,
      now: new Date(now.getTime() + 3 * 86_400_000),
    });
    expect(again).toMatchObject({
      products: PRODUCTS,
      offers: offers.length,
      created: 0,
      updated: 0,
      unchanged: offers.length,
      observations: 0,
    });
    expect({
      products: await count('products'),
      offers: await count('offers'),
      observations: await count('price_observations'),
    }).toEqual(before);
  });

  it('rejects a batch size that is not a positive integer', async () => {
    await expect(
      loadDemoCatalog(testDatabase.database.db, { products: 1, batchSize: 0 }),
    ).rejects.toThrow(RangeError);
  });
});
