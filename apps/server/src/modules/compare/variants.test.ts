import { randomUUID } from 'node:crypto';
import type { CompareResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

const PASTED = 'Apple AirPods Max (Lightning) Wireless Over-Ear Headphones - Starlight';
/** Each shop's listing; none is linked to another in the catalog, so titles decide. */
const LISTINGS: Record<string, string> = {
  'pasted.example': PASTED,
  'same.example': 'Apple AirPods Max Lightning Wireless Over-Ear Headphones, Starlight',
  'usb-c.example': 'Apple AirPods Max (USB-C) Wireless Over-Ear Headphones - Starlight',
  'blue.example': 'Apple AirPods Max (Lightning) Wireless Over-Ear Headphones - Blue',
};

const urlAt = (host: string) => `https://${host}/p/airpods-max`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb.database;
  for (const [host, title] of Object.entries(LISTINGS)) {
    const retailerId = randomUUID();
    await db
      .insertInto('retailers')
      .values({ id: retailerId, key: host, display_name: host, hosts: [host] })
      .execute();
    // A shop whose feed was imported: its offers are listed to every shopper.
    await db
      .insertInto('feed_imports')
      .values({
        id: randomUUID(),
        retailer_id: retailerId,
        source: 'feed.xml',
        status: 'completed',
      })
      .execute();
    await db
      .insertInto('offers')
      .values({
        id: randomUUID(),
        retailer_id: retailerId,
        retailer_product_id: 'airpods-max',
        url: urlAt(host),
        title,
        brand: 'Apple',
        price_minor: host === 'pasted.example' ? 54_900 : 45_000,
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

describe('variants in a comparison', () => {
  it('lists another colour or connector as an alternative, not as the same product', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/compare',
      payload: { url: urlAt('pasted.example'), requestId: randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<CompareResponse>();
    expect(result.product.title).toBe(PASTED);
    expect(result.sameProduct.map((offer) => offer.retailer)).toEqual(['same.example']);

    const alternatives = new Map(result.alternatives.map((offer) => [offer.retailer, offer]));
    expect(alternatives.get('usb-c.example')?.reasons).toContain(
      'different connector: lightning vs usb-c',
    );
    expect(alternatives.get('blue.example')?.reasons).toContain(
      'different colour: starlight vs blue',
    );
  });
});
