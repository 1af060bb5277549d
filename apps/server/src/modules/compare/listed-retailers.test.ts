import { randomUUID } from 'node:crypto';
import type { BrowseResponse, CompareResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

const TITLE = 'Cosori Pro LE Air Fryer 5 Qt CAF-L501 Grey';

/** Who put each shop's offer in the catalog. */
const SHOPS = {
  'pasted.example': 'the page the shopper pastes',
  'fed.example': 'an operator or an active merchant (a feed import)',
  'www.bestbuy.com': 'a named retailer',
  'seen-once.example': 'another shopper pasting one of its pages',
  'pending.example': 'a merchant an admin has not approved yet (a feed import)',
  'suspended.example': 'a suspended merchant (a feed import)',
} as const;
type Shop = keyof typeof SHOPS;

const offerIds = new Map<Shop, string>();
const LISTED: readonly Shop[] = ['fed.example', 'www.bestbuy.com'];
const productId = randomUUID();
const urlAt = (host: Shop) => `https://${host}/p/air-fryer`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb.database;
  await db
    .insertInto('products')
    .values({ id: productId, title: TITLE, brand: 'Cosori', category: 'kitchen', image_url: null })
    .execute();
  for (const host of Object.keys(SHOPS) as Shop[]) {
    const retailerId = randomUUID();
    const key = host === 'www.bestbuy.com' ? 'bestbuy' : host;
    await db
      .insertInto('retailers')
      .values({ id: retailerId, key, display_name: host, hosts: [host] })
      .execute();
    if (['fed.example', 'pending.example', 'suspended.example'].includes(host)) {
      await db
        .insertInto('feed_imports')
        .values({
          id: randomUUID(),
          retailer_id: retailerId,
          source: 'feed.xml',
          status: 'completed',
        })
        .execute();
    }
    if (host === 'pending.example' || host === 'suspended.example') {
      await db
        .insertInto('businesses')
        .values({
          id: randomUUID(),
          name: host,
          domain: host,
          contact_email: `owner@${host}`,
          status: host === 'pending.example' ? 'pending' : 'suspended',
        })
        .execute();
    }
    const offerId = randomUUID();
    offerIds.set(host, offerId);
    await db
      .insertInto('offers')
      .values({
        id: offerId,
        retailer_id: retailerId,
        retailer_product_id: 'air-fryer',
        product_id: productId,
        url: urlAt(host),
        title: TITLE,
        brand: 'Cosori',
        // Unlisted shops undercut everyone: if they were shown, they would be the cheapest.
        price_minor: host === 'pasted.example' ? 11_999 : LISTED.includes(host) ? 5_000 : 10,
        currency: 'USD',
      })
      .execute();
  }
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('offers of shops that are not listed', () => {
  it('reach no other shopper: a comparison shows only named retailers and fed shops', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/compare',
      payload: { url: urlAt('pasted.example'), requestId: randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<CompareResponse>();
    const hosts = [...result.sameProduct, ...result.alternatives]
      .map((entry) => new URL(entry.url).host)
      .sort();
    expect(hosts).toEqual(['fed.example', 'www.bestbuy.com']);
  });

  it('are followed through the "leaving ipick" page, listed ones with a 302', async () => {
    const follow = (host: Shop) =>
      app.inject({ url: `/api/redirect?offer=${offerIds.get(host)!}` });
    for (const host of ['fed.example', 'www.bestbuy.com'] as const) {
      const response = await follow(host);
      expect(response.statusCode, host).toBe(302);
      expect(new URL(response.headers.location!).host).toBe(host);
    }
    for (const host of ['seen-once.example', 'pending.example', 'suspended.example'] as const) {
      const response = await follow(host);
      expect(response.statusCode, host).toBe(200);
      expect(response.body, host).toContain('leaving ipick');
    }
  });

  it('stay out of browsing and its prices', async () => {
    const response = await app.inject({ url: '/api/catalog/products?q=cosori' });
    expect(response.statusCode).toBe(200);
    const [product] = response.json<BrowseResponse>().items;
    expect(product).toMatchObject({
      productId,
      lowestPriceMinor: 5_000,
      retailerCount: LISTED.length,
    });
    expect(LISTED).toContain(product!.retailerName);
    const categories = await app.inject({ url: '/api/catalog/categories' });
    expect(categories.json()).toMatchObject({
      categories: [{ slug: 'kitchen', minPriceMinor: 5_000 }],
    });
  });
});
