import { priceHistorySchema } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { CatalogRepository } from './catalog-repository.ts';
import { lowestSince } from './price-history-routes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function offerWithHistory(prices: [daysAgo: number, priceMinor: number][]) {
  const catalog = new CatalogRepository(testDb.database.db);
  const retailer = await catalog.ensureRetailer({
    key: `history${Date.now()}${Math.random()}.example.com`,
    displayName: 'History Shop',
    hosts: ['history.example.com'],
    affiliateParam: null,
  });
  const [first, ...rest] = prices;
  const offer = {
    retailerProductId: 'KETTLE-1',
    url: 'https://history.example.com/kettle',
    title: 'Kettle',
    brand: null,
    gtin: null,
    mpn: null,
    category: null,
    imageUrl: null,
    currency: 'USD',
    availability: 'in_stock' as const,
    condition: 'new' as const,
    shippingMinor: null,
  };
  const now = Date.now();
  await catalog.upsertOffers(retailer.id, [{ ...offer, priceMinor: first![1] }], {
    seenAt: new Date(now - first![0] * DAY_MS),
  });
  for (const [daysAgo, priceMinor] of rest) {
    await catalog.upsertOffers(retailer.id, [{ ...offer, priceMinor }], {
      seenAt: new Date(now - daysAgo * DAY_MS),
    });
  }
  const ids = await catalog.offerIdsOf(retailer.id, ['KETTLE-1']);
  return ids.get('KETTLE-1')!;
}

describe('GET /api/offers/:offerId/price-history', () => {
  it('lists the prices seen, oldest first, and marks the lowest of the last 90 days', async () => {
    const offerId = await offerWithHistory([
      [200, 5000], // lower, but long before the 90 days
      [120, 9000], // still in force when the 90 days began
      [60, 8000],
      [30, 8500],
      [1, 8200],
    ]);
    const response = await app.inject(`/api/offers/${offerId}/price-history`);
    expect(response.statusCode).toBe(200);
    const history = priceHistorySchema.parse(response.json());
    expect(history.currency).toBe('USD');
    expect(history.points.map((point) => point.priceMinor)).toEqual([5000, 9000, 8000, 8500, 8200]);
    expect(history.lowest90Days?.priceMinor).toBe(8000);
  });

  it('names a bad or unknown offer id', async () => {
    const bad = await app.inject('/api/offers/not-an-id/price-history');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('offer id');
    const unknown = await app.inject(`/api/offers/${crypto.randomUUID()}/price-history`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('lowestSince', () => {
  const since = Date.parse('2026-06-01T00:00:00Z');
  it('counts the price in force when the window began, not older ones', () => {
    const points = [
      { at: '2026-04-01T00:00:00Z', priceMinor: 100 },
      { at: '2026-05-01T00:00:00Z', priceMinor: 300 },
      { at: '2026-07-01T00:00:00Z', priceMinor: 200 },
    ];
    expect(lowestSince(points, since)).toEqual(points[2]);
    expect(lowestSince(points.slice(0, 2), since)).toEqual(points[1]);
    expect(lowestSince([], since)).toBeNull();
  });
});
