import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadDemoCatalog } from './catalog-loader.ts';
import { loadDemoMerchant } from './demo-merchant.ts';

type Browser = ReturnType<typeof browserSession>;

let testDb: TestDatabase;
let app: FastifyInstance;
let merchant: Browser;
let shopper: Browser;
const domain = 'demo-electronics.example.com';

beforeAll(async () => {
  testDb = await createTestDatabase();
  const catalog = { seed: 1, products: 400 };
  await loadDemoCatalog(testDb.database.db, catalog);
  app = await buildTestApp(testDb);

  merchant = browserSession(app);
  const registered = await merchant.post('/api/business/auth/register', {
    name: 'Demo Electronics',
    domain,
    email: `merchant-${randomUUID()}@example.com`,
    password: 'merchant password 1',
  });
  expect(registered.statusCode).toBe(200);
  const db = testDb.database.db;
  await db
    .updateTable('businesses')
    .set({ status: 'active' })
    .where('domain', '=', domain)
    .execute();
  const business = await db
    .selectFrom('businesses')
    .selectAll()
    .where('domain', '=', domain)
    .executeTakeFirstOrThrow();

  shopper = browserSession(app);
  const shopperAccount = await shopper.post('/api/auth/register', {
    email: `shopper-${randomUUID()}@example.com`,
    password: 'a good long password',
  });
  const { user } = shopperAccount.json<{ user: { id: string } }>();
  await loadDemoMerchant(db, { business, shopperUserId: user.id, catalog });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('the demo merchant', () => {
  it('is a retailer of the catalog with a feed, a verified domain and keys', async () => {
    const products = await merchant.get('/api/business/products');
    expect(products.statusCode).toBe(200);
    expect(JSON.stringify(products.json())).toContain('DE-');
    const imports = await merchant.get('/api/business/catalog/feeds');
    expect(imports.json<{ imports: { status: string }[] }>().imports[0]?.status).toBe('completed');
    const domains = await merchant.get('/api/business/domains');
    expect(JSON.stringify(domains.json())).toMatch(/"verifiedAt":"\d{4}-/);
    const keys = await merchant.get('/api/business/keys');
    const kinds = keys.json<{ keys: { kind: string }[] }>().keys.map((key) => key.kind);
    expect(kinds.sort()).toEqual(['publishable', 'secret']);
  });

  it('shows clicks, conversions and revenue on Home, and days of them on Analytics', async () => {
    const summary = await merchant.get('/api/business/dashboard/summary');
    expect(summary.statusCode).toBe(200);
    const body = summary.json<{
      hasData: boolean;
      clicks: { current: number };
      conversions: { current: number };
      revenue: { current: number }[];
      topProducts: unknown[];
    }>();
    expect(body.hasData).toBe(true);
    expect(body.clicks.current).toBeGreaterThan(20);
    expect(body.conversions.current).toBeGreaterThan(3);
    expect(body.revenue[0]?.current).toBeGreaterThan(0);
    expect(body.topProducts.length).toBeGreaterThan(0);

    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const analytics = await merchant.get(
      `/api/business/dashboard/analytics?from=${day(27)}&to=${day(0)}`,
    );
    expect(analytics.statusCode).toBe(200);
    const days = analytics.json<{ series: { clicks: number; conversions: number }[] }>().series;
    expect(days.filter((point) => point.clicks > 0).length).toBeGreaterThan(14);
    expect(days.some((point) => point.conversions > 0)).toBe(true);
  });

  it('credits sales on Attribution, and lists journeys of several clicks with one refund', async () => {
    const attribution = await merchant.get('/api/business/attribution');
    expect(attribution.statusCode).toBe(200);
    expect(attribution.json<{ conversions: unknown[] }>().conversions.length).toBeGreaterThan(3);

    const recent = await merchant.get('/api/business/journeys/recent');
    expect(recent.statusCode).toBe(200);
    const items = recent.json<{ items: { orderId: string; refundedMinor: number }[] }>().items;
    expect(items.length).toBeGreaterThan(3);
    expect(items.filter((item) => item.refundedMinor > 0)).toHaveLength(1);

    let longest = 0;
    for (const item of items) {
      const journey = await merchant.get(
        `/api/business/journeys?orderId=${encodeURIComponent(item.orderId)}`,
      );
      expect(journey.statusCode).toBe(200);
      const steps = journey.json<{ steps: { type: string }[] }>().steps;
      longest = Math.max(longest, steps.filter((step) => step.type === 'click').length);
    }
    expect(longest).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo shopper a price alert that fired, and its offer a price history', async () => {
    const alerts = await shopper.get('/api/price-alerts');
    const [alert] = alerts.json<{
      items: { isArmed: boolean; fireCount: number; offerId: string }[];
    }>().items;
    expect(alert).toMatchObject({ isArmed: false, fireCount: 1 });
    const history = await app.inject(`/api/offers/${alert!.offerId}/price-history`);
    expect(history.json<{ points: unknown[] }>().points.length).toBeGreaterThan(2);
  });
});
