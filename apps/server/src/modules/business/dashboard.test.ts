import type { DashboardActivity, DashboardAnalytics, DashboardSummary } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../test/test-database.ts';
import { buildMerchant, createKey, type Merchant } from '../tracking/tracking-test-kit.ts';
import {
  buildClick,
  buildConversion,
  buildEvent,
  buildOffer,
  buildProduct,
  buildReferral,
} from './dashboard-test-kit.ts';

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

const db = () => testDb.database.db;

const endpoints = [
  '/api/business/dashboard/summary',
  '/api/business/dashboard/activity',
  '/api/business/dashboard/analytics',
  '/api/business/dashboard/analytics.csv',
];

describe('dashboard endpoints', () => {
  it.each(endpoints)('%s needs a business session', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it.each([
    ['/api/business/dashboard/summary?from=2025-02-30', 'query.from: from must be a date'],
    ['/api/business/dashboard/summary?to=yesterday', 'query.to: to must be a date'],
    ['/api/business/dashboard/summary?from=2025-03-08&to=2025-03-01', 'from: must not be after to'],
    [
      '/api/business/dashboard/analytics?from=2024-01-01&to=2025-01-01',
      'the period is 367 days long; it can be at most 366 days',
    ],
    ['/api/business/dashboard/analytics?interval=month', "interval must be 'day' or 'week'"],
    ['/api/business/dashboard/analytics.csv?from=01/03/2025', 'query.from'],
    ['/api/business/dashboard/activity?type=purchase', "type must be 'click', 'event' or"],
    ['/api/business/dashboard/activity?limit=0', 'limit must be at least 1'],
    [
      '/api/business/dashboard/activity?after=bm90LWEtY3Vyc29y',
      'query.after: must be the nextCursor',
    ],
  ])('%s is a 400 that says what is wrong', async (url, message) => {
    const merchant = await buildMerchant(app);
    const response = await merchant.browser.get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; code: string }>();
    expect(body.code).toBe('invalid_request');
    expect(body.error).toContain(message);
  });
});

describe('GET /api/business/dashboard/summary', () => {
  let merchant: Merchant;
  let kettleId: string;

  beforeAll(async () => {
    merchant = await buildMerchant(app);
    const other = await buildMerchant(app, 'Other Shop');
    kettleId = await buildProduct(db(), 'Acme Kettle 1.7 L');
    const id = merchant.businessId;
    // The period 2025-03-01..07: four human clicks (3 shoppers a day, the hash changes daily)
    // and two bots; the week before: two clicks.
    await buildClick(db(), id, {
      at: '2025-03-01T10:00:00Z',
      identityHash: 'h1',
      productId: kettleId,
      referralId: 'aff_summary_1',
    });
    await buildClick(db(), id, {
      at: '2025-03-01T11:00:00Z',
      identityHash: 'h1',
      productId: kettleId,
    });
    await buildClick(db(), id, { at: '2025-03-01T12:00:00Z', identityHash: 'h2' });
    await buildClick(db(), id, { at: '2025-03-07T23:59:59Z', identityHash: 'h3' });
    await buildClick(db(), id, { at: '2025-03-02T10:00:00Z', isBot: true, productId: kettleId });
    await buildClick(db(), id, { at: '2025-03-03T10:00:00Z', isBot: true });
    await buildClick(db(), id, {
      at: '2025-02-22T00:00:00Z',
      identityHash: 'h4',
      referralId: 'aff_summary_0',
    });
    await buildClick(db(), id, { at: '2025-02-28T10:00:00Z', identityHash: 'h5' });
    // Outside both periods.
    await buildClick(db(), id, { at: '2025-03-08T00:00:00Z' });
    await buildClick(db(), id, { at: '2025-02-21T23:59:59Z' });

    // The shop's leads and sales, each quoting the referral id of an ipick click before it.
    const quoting = { referralId: 'aff_summary_1' };
    await buildConversion(db(), id, {
      at: '2025-03-02T10:00:00Z',
      orderId: 'S-1',
      amountMinor: 10_000,
      ...quoting,
    });
    await buildConversion(db(), id, { at: '2025-03-03T10:00:00Z', amountMinor: 5_000, ...quoting });
    await buildConversion(db(), id, {
      at: '2025-03-04T10:00:00Z',
      kind: 'refund',
      orderId: 'S-1',
      amountMinor: 2_000,
      ...quoting,
    });
    await buildConversion(db(), id, {
      at: '2025-03-05T10:00:00Z',
      kind: 'lead',
      currency: null,
      ...quoting,
    });
    await buildConversion(db(), id, {
      at: '2025-03-06T10:00:00Z',
      amountMinor: 3_000,
      currency: 'EUR',
      ...quoting,
    });
    await buildConversion(db(), id, {
      at: '2025-02-25T10:00:00Z',
      amountMinor: 6_500,
      referralId: 'aff_summary_0',
    });

    // Another shop's figures in the same days are never counted.
    for (let i = 0; i < 5; i += 1) {
      await buildClick(db(), other.businessId, { at: '2025-03-02T10:00:00Z', productId: kettleId });
    }
    await buildConversion(db(), other.businessId, {
      at: '2025-03-02T10:00:00Z',
      amountMinor: 99_999,
    });
  });

  it('counts the period and the one before from clicks and conversions, bots left out', async () => {
    const response = await merchant.browser.get(
      '/api/business/dashboard/summary?from=2025-03-01&to=2025-03-07',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const summary = response.json<DashboardSummary>();
    expect(summary.period).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(summary.previousPeriod).toEqual({ from: '2025-02-22', to: '2025-02-28' });
    expect(summary.hasData).toBe(true);
    expect(summary.clicks).toEqual({ current: 4, previous: 2, change: 1 });
    expect(summary.uniqueShoppers).toEqual({ current: 3, previous: 2, change: 0.5 });
    // Two sales, a lead and a EUR sale; the refund is not a conversion but takes 20.00 off S-1.
    expect(summary.conversions).toEqual({ current: 4, previous: 1, change: 3 });
    expect(summary.conversionRate).toEqual({ current: 1, previous: 0.5, change: 1 });
    expect(summary.revenue).toEqual([
      { currency: 'USD', current: 13_000, previous: 6_500, change: 1 },
      { currency: 'EUR', current: 3_000, previous: 0, change: null },
    ]);
    expect(summary.topProducts).toEqual([
      {
        productId: kettleId,
        offerId: null,
        title: 'Acme Kettle 1.7 L',
        clicks: 2,
        uniqueShoppers: 1,
        share: 0.5,
      },
      {
        productId: null,
        offerId: null,
        title: 'Links without a product',
        clicks: 2,
        uniqueShoppers: 2,
        share: 0.5,
      },
    ]);
  });

  it('answers the same once the closed days are rolled up', async () => {
    const url = '/api/business/dashboard/summary?from=2025-03-01&to=2025-03-07';
    const first = (await merchant.browser.get(url)).json<DashboardSummary>();
    const rolled = await db()
      .selectFrom('dashboard_rollup_days')
      .select('day')
      .where('business_id', '=', merchant.businessId)
      .execute();
    expect(rolled).toHaveLength(14);
    const second = (await merchant.browser.get(url)).json<DashboardSummary>();
    expect(second).toEqual(first);
  });

  it('defaults to the last 7 days and counts today from the clicks themselves', async () => {
    const fresh = await buildMerchant(app);
    const before = (
      await fresh.browser.get('/api/business/dashboard/summary')
    ).json<DashboardSummary>();
    const today = new Date().toISOString().slice(0, 10);
    expect(before.period.to).toBe(today);
    expect(before.hasData).toBe(false);
    expect(before.clicks).toEqual({ current: 0, previous: 0, change: null });
    expect(before.conversionRate.current).toBeNull();
    expect(before.revenue).toEqual([]);
    expect(before.topProducts).toEqual([]);

    const clickId = await buildClick(db(), fresh.businessId, { at: new Date() });
    await buildConversion(db(), fresh.businessId, { at: new Date(), amountMinor: 2_500, clickId });
    const after = (
      await fresh.browser.get('/api/business/dashboard/summary')
    ).json<DashboardSummary>();
    expect(after.hasData).toBe(true);
    expect(after.clicks.current).toBe(1);
    expect(after.revenue).toEqual([{ currency: 'USD', current: 2_500, previous: 0, change: null }]);
  });
});

describe('GET /api/business/dashboard/analytics', () => {
  let merchant: Merchant;
  let lampId: string;

  beforeAll(async () => {
    merchant = await buildMerchant(app);
    lampId = await buildProduct(db(), 'Desk Lamp 40 W');
    const id = merchant.businessId;
    // 2025-03-02 is a Sunday; 2025-03-03 a Monday.
    await buildClick(db(), id, {
      at: '2025-03-02T08:00:00Z',
      productId: lampId,
      targetUrl: 'https://shop.example/lamps/desk?utm_source=ipick#top',
      deviceType: 'mobile',
      country: 'fr',
      utmCampaign: 'spring',
      identityHash: 'a',
      referralId: 'aff_lamp_1',
    });
    await buildClick(db(), id, {
      at: '2025-03-03T08:00:00Z',
      productId: lampId,
      targetUrl: 'https://shop.example/lamps/desk',
      deviceType: 'mobile',
      country: 'FR',
      utmCampaign: 'spring',
      identityHash: 'b',
    });
    await buildClick(db(), id, {
      at: '2025-03-04T08:00:00Z',
      targetUrl: 'https://shop.example',
      deviceType: null,
      country: null,
      utmCampaign: '=HYPERLINK("https://evil.example","win"), now',
      identityHash: 'c',
    });
    await buildClick(db(), id, { at: '2025-03-04T09:00:00Z', isBot: true, utmCampaign: 'bots' });
    const quoting = { referralId: 'aff_lamp_1' };
    await buildConversion(db(), id, {
      at: '2025-03-03T12:00:00Z',
      orderId: 'L-1',
      amountMinor: 4_999,
      ...quoting,
    });
    // Refunds come off their sale, on the sale's day.
    await buildConversion(db(), id, {
      at: '2025-03-04T12:00:00Z',
      kind: 'refund',
      orderId: 'L-1',
      amountMinor: 999,
      ...quoting,
    });
    await buildConversion(db(), id, {
      at: '2025-03-04T13:00:00Z',
      amountMinor: 1_000,
      currency: 'GBP',
      ...quoting,
    });
  });

  it('gives a point per day with clicks, conversions and revenue, and the breakdowns', async () => {
    const response = await merchant.browser.get(
      '/api/business/dashboard/analytics?from=2025-03-01&to=2025-03-05',
    );
    expect(response.statusCode).toBe(200);
    const analytics = response.json<DashboardAnalytics>();
    expect(analytics.interval).toBe('day');
    expect(analytics.currencies).toEqual(['USD', 'GBP']);
    expect(analytics.series).toEqual([
      { start: '2025-03-01', clicks: 0, uniqueShoppers: 0, conversions: 0, revenue: {} },
      { start: '2025-03-02', clicks: 1, uniqueShoppers: 1, conversions: 0, revenue: {} },
      {
        start: '2025-03-03',
        clicks: 1,
        uniqueShoppers: 1,
        conversions: 1,
        revenue: { USD: 4_000 },
      },
      {
        start: '2025-03-04',
        clicks: 1,
        uniqueShoppers: 1,
        conversions: 1,
        revenue: { GBP: 1_000 },
      },
      { start: '2025-03-05', clicks: 0, uniqueShoppers: 0, conversions: 0, revenue: {} },
    ]);
    expect(analytics.totals).toEqual({
      clicks: 3,
      uniqueShoppers: 3,
      conversions: 2,
      revenue: { USD: 4_000, GBP: 1_000 },
    });
    const third = 1 / 3;
    expect(analytics.breakdowns.product).toEqual([
      { key: lampId, label: 'Desk Lamp 40 W', clicks: 2, uniqueShoppers: 2, share: 2 * third },
      { key: null, label: 'Links without a product', clicks: 1, uniqueShoppers: 1, share: third },
    ]);
    expect(analytics.breakdowns.page.map((row) => [row.key, row.clicks])).toEqual([
      ['/lamps/desk', 2],
      ['/', 1],
    ]);
    expect(analytics.breakdowns.device.map((row) => [row.key, row.label])).toEqual([
      ['mobile', 'Mobile'],
      [null, 'Unknown device'],
    ]);
    expect(analytics.breakdowns.country.map((row) => [row.key, row.label])).toEqual([
      ['FR', 'France'],
      [null, 'Unknown country'],
    ]);
    expect(analytics.breakdowns.campaign.map((row) => row.label)).toEqual([
      'spring',
      '=HYPERLINK("https://evil.example","win"), now',
    ]);
  });

  it('groups by week starting on Monday, the first bucket starting with the period', async () => {
    const response = await merchant.browser.get(
      '/api/business/dashboard/analytics?from=2025-03-01&to=2025-03-12&interval=week',
    );
    const analytics = response.json<DashboardAnalytics>();
    expect(analytics.series.map((point) => [point.start, point.clicks, point.conversions])).toEqual(
      [
        ['2025-03-01', 1, 0],
        ['2025-03-03', 2, 2],
        ['2025-03-10', 0, 0],
      ],
    );
  });

  it('exports the same figures as CSV, quoted and safe from formulas', async () => {
    const response = await merchant.browser.get(
      '/api/business/dashboard/analytics.csv?from=2025-03-01&to=2025-03-05',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ipick-analytics-2025-03-01-to-2025-03-05.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'section,period_start,key,label,clicks,unique_shoppers,share_of_clicks,conversions,revenue_USD,revenue_GBP',
    );
    expect(lines).toContain('series,2025-03-03,,,1,1,,1,40.00,0.00');
    expect(lines).toContain('series,2025-03-04,,,1,1,,1,0.00,10.00');
    expect(lines).toContain(`product,,${lampId},Desk Lamp 40 W,2,2,0.6667,,,`);
    expect(lines).toContain('page,,/lamps/desk,/lamps/desk,2,2,0.6667,,,');
    expect(lines).toContain('country,,FR,France,2,2,0.6667,,,');
    expect(lines).toContain(
      `campaign,,"'=HYPERLINK(""https://evil.example"",""win""), now","'=HYPERLINK(""https://evil.example"",""win""), now",1,1,0.3333,,,`,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('sums whole months from their month rollup and the other days from day rollups', async () => {
    const shop = await buildMerchant(app);
    const id = shop.businessId;
    await buildClick(db(), id, { at: '2025-01-31T10:00:00Z', utmCampaign: 'winter' });
    await buildClick(db(), id, { at: '2025-02-01T00:00:00Z', utmCampaign: 'winter' });
    await buildClick(db(), id, { at: '2025-02-28T23:59:59Z', utmCampaign: 'spring' });
    await buildClick(db(), id, { at: '2025-03-01T00:00:00Z', utmCampaign: 'spring' });
    await buildClick(db(), id, { at: '2025-03-02T00:00:00Z', utmCampaign: 'spring' });
    const url = '/api/business/dashboard/analytics?from=2025-01-31&to=2025-03-01&interval=week';
    const first = (await shop.browser.get(url)).json<DashboardAnalytics>();
    expect(first.totals.clicks).toBe(4);
    expect(first.breakdowns.campaign.map((row) => [row.label, row.clicks])).toEqual([
      ['spring', 2],
      ['winter', 2],
    ]);
    const months = await db()
      .selectFrom('dashboard_rollup_days')
      .select(sql<string>`day::text`.as('day'))
      .where('business_id', '=', id)
      .where('span', '=', 'month')
      .execute();
    expect(months.map((row) => row.day)).toEqual(['2025-02-01']);
    const again = (await shop.browser.get(url)).json<DashboardAnalytics>();
    expect(again).toEqual(first);
  });

  it("never shows another business's clicks", async () => {
    const other = await buildMerchant(app);
    const response = await other.browser.get(
      '/api/business/dashboard/analytics?from=2025-03-01&to=2025-03-05',
    );
    const analytics = response.json<DashboardAnalytics>();
    expect(analytics.totals).toEqual({ clicks: 0, uniqueShoppers: 0, conversions: 0, revenue: {} });
    expect(analytics.breakdowns.product).toEqual([]);
  });
});

describe("the shop's own products", () => {
  it('are named by its own offer, not by the catalog title from another retailer', async () => {
    const merchant = await buildMerchant(app);
    const id = merchant.businessId;
    // The catalog product took its title from an Amazon listing; the shop sells it too.
    const kettleId = await buildProduct(db(), 'Amazon Basics Electric Kettle, 1.7 L');
    const amazonKettle = await buildOffer(db(), {
      url: 'https://www.amazon.com/dp/B07KETTLE',
      title: 'Amazon Basics Electric Kettle, 1.7 L',
      productId: kettleId,
    });
    await buildOffer(db(), {
      url: `https://${merchant.domain}/products/kettle-old`,
      title: 'Kettle World Glass Kettle (2024)',
      productId: kettleId,
      lastSeenAt: '2025-01-01T00:00:00Z',
    });
    const ownKettle = await buildOffer(db(), {
      url: `https://www.${merchant.domain}/products/kettle`,
      title: 'Kettle World Glass Kettle',
      productId: kettleId,
      lastSeenAt: '2025-06-01T00:00:00Z',
    });
    // A product the shop has no offer of keeps the catalog title.
    const toasterId = await buildProduct(db(), 'Acme Toaster');
    const ownClick = await buildClick(db(), id, {
      at: '2025-06-02T10:00:00Z',
      productId: kettleId,
      offerId: ownKettle,
    });
    const amazonClick = await buildClick(db(), id, {
      at: '2025-06-02T11:00:00Z',
      productId: kettleId,
      offerId: amazonKettle,
    });
    await buildClick(db(), id, { at: '2025-06-02T12:00:00Z', productId: toasterId });
    // Another shop's click on the Amazon offer names the product as the catalog does.
    const other = await buildMerchant(app);
    await buildClick(db(), other.businessId, {
      at: '2025-06-02T10:00:00Z',
      productId: kettleId,
      offerId: amazonKettle,
    });

    const summary = (
      await merchant.browser.get('/api/business/dashboard/summary?from=2025-06-01&to=2025-06-07')
    ).json<DashboardSummary>();
    expect(summary.topProducts.map((row) => [row.productId, row.title, row.clicks])).toEqual([
      [kettleId, 'Kettle World Glass Kettle', 2],
      [toasterId, 'Acme Toaster', 1],
    ]);
    const analytics = (
      await merchant.browser.get('/api/business/dashboard/analytics?from=2025-06-01&to=2025-06-07')
    ).json<DashboardAnalytics>();
    expect(analytics.breakdowns.product.map((row) => [row.key, row.label])).toEqual([
      [kettleId, 'Kettle World Glass Kettle'],
      [toasterId, 'Acme Toaster'],
    ]);
    const { items } = (
      await merchant.browser.get('/api/business/dashboard/activity?type=click')
    ).json<DashboardActivity>();
    const titleOf = (clickId: string) =>
      items.find((item) => item.id === clickId && item.type === 'click') as
        { productTitle: string | null } | undefined;
    expect(titleOf(ownClick)?.productTitle).toBe('Kettle World Glass Kettle');
    // The click's offer is not the shop's: the catalog's title, as before.
    expect(titleOf(amazonClick)?.productTitle).toBe('Amazon Basics Electric Kettle, 1.7 L');

    const otherSummary = (
      await other.browser.get('/api/business/dashboard/summary?from=2025-06-01&to=2025-06-07')
    ).json<DashboardSummary>();
    expect(otherSummary.topProducts.map((row) => row.title)).toEqual([
      'Amazon Basics Electric Kettle, 1.7 L',
    ]);
  });
});

describe('GET /api/business/dashboard/activity', () => {
  let merchant: Merchant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    merchant = await buildMerchant(app);
    const other = await buildMerchant(app);
    const id = merchant.businessId;
    const productId = await buildProduct(db(), 'Acme Kettle 1.7 L');
    ids.click = await buildClick(db(), id, {
      at: '2025-04-01T10:00:00Z',
      productId,
      utmCampaign: 'spring',
      referralId: 'aff_shop_1_x',
    });
    await buildClick(db(), id, { at: '2025-04-01T10:30:00Z', isBot: true });
    ids.event = await buildEvent(db(), id, {
      at: '2025-04-01T11:00:00Z',
      eventType: 'purchase',
      eventData: { orderId: 'A-1', amountMinor: 4_999, currency: 'USD' },
    });
    ids.sale = await buildConversion(db(), id, {
      at: '2025-04-01T11:00:00Z',
      receivedAt: '2025-04-01T11:00:00Z',
      orderId: 'A-1',
      amountMinor: 4_999,
    });
    ids.late = await buildConversion(db(), id, {
      at: '2025-03-01T09:00:00Z',
      receivedAt: '2025-04-01T12:00:00Z',
      kind: 'refund',
      orderId: 'A-0',
      amountMinor: 500,
    });
    await buildEvent(db(), other.businessId, { at: '2025-04-01T13:00:00Z' });
    await buildClick(db(), other.businessId, { at: '2025-04-01T13:00:00Z' });
  });

  it('merges clicks, events and conversions, newest arrival first, bots left out', async () => {
    const response = await merchant.browser.get('/api/business/dashboard/activity');
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json<DashboardActivity>();
    expect(nextCursor).toBeNull();
    expect(items.map((item) => [item.type, item.id])).toEqual([
      ['conversion', ids.late],
      // Arrived together: the conversion before the event it came from.
      ['conversion', ids.sale],
      ['event', ids.event],
      ['click', ids.click],
    ]);
    expect(items[0]).toMatchObject({
      kind: 'refund',
      orderId: 'A-0',
      amountMinor: 500,
      currency: 'USD',
      source: 'server',
      at: '2025-04-01T12:00:00.000Z',
    });
    expect(items[2]).toMatchObject({
      eventType: 'purchase',
      url: 'https://shop.example/cart',
      attributed: true,
      orderId: 'A-1',
      amountMinor: 4_999,
      currency: 'USD',
    });
    expect(items[3]).toMatchObject({
      productTitle: 'Acme Kettle 1.7 L',
      targetUrl: 'https://shop.example/products/kettle?ipick_ref=x',
      utmCampaign: 'spring',
      deviceType: 'desktop',
      country: 'DE',
    });
  });

  it('marks as from ipick only the ids of clicks and referrals ipick recorded for the shop', async () => {
    const shop = await buildMerchant(app);
    const other = await buildMerchant(app);
    const id = shop.businessId;
    const clickId = await buildClick(db(), id, {
      at: '2025-05-01T10:00:00Z',
      referralId: 'aff_shop_1746093600000_real',
    });
    await buildClick(db(), id, {
      at: '2025-05-01T10:00:00Z',
      referralId: 'aff_shop_1746093600000_bot',
      isBot: true,
    });
    const othersClickId = await buildClick(db(), other.businessId, {
      at: '2025-05-01T10:00:00Z',
      referralId: 'aff_other_1746093600000_x',
    });
    const sale = (orderId: string, ids: { referralId?: string; clickId?: string }) =>
      buildConversion(db(), id, { at: '2025-05-01T12:00:00Z', orderId, amountMinor: 500, ...ids });
    await sale('by-referral', { referralId: 'aff_shop_1746093600000_real' });
    await sale('by-click', { clickId });
    await sale('made-up', { referralId: 'aff_bogus_1_x' });
    await sale('bot-click', { referralId: 'aff_shop_1746093600000_bot' });
    await sale('other-shop', { referralId: 'aff_other_1746093600000_x' });
    await sale('other-shops-click', { clickId: othersClickId });
    await sale('no-id', {});
    // Quoting ipick's click 40 days on is outside the 30-day window, as on Home.
    await buildConversion(db(), id, {
      at: '2025-06-10T12:00:00Z',
      orderId: 'after-window',
      amountMinor: 500,
      referralId: 'aff_shop_1746093600000_real',
    });
    await buildEvent(db(), id, {
      at: '2025-05-01T11:00:00Z',
      eventType: 'made_up_view',
      referralId: 'aff_bogus_1_x',
    });

    const response = await shop.browser.get('/api/business/dashboard/activity?type=conversion');
    const { items } = response.json<DashboardActivity>();
    const attributed = Object.fromEntries(
      items.map((item) => [
        item.type === 'conversion' ? item.orderId : item.id,
        item.type === 'conversion' && item.attributed,
      ]),
    );
    expect(attributed).toEqual({
      'by-referral': true,
      'by-click': true,
      'made-up': false,
      'bot-click': false,
      'other-shop': false,
      'other-shops-click': false,
      'no-id': false,
      'after-window': false,
    });
    const events = (
      await shop.browser.get('/api/business/dashboard/activity?type=event')
    ).json<DashboardActivity>();
    expect(events.items).toMatchObject([{ eventType: 'made_up_view', attributed: false }]);
  });

  it('filters by type', async () => {
    const response = await merchant.browser.get('/api/business/dashboard/activity?type=event');
    const { items } = response.json<DashboardActivity>();
    expect(items.map((item) => item.id)).toEqual([ids.event]);
  });

  it('pages through older items with the cursor, each once', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const query: string = after ? `&after=${after}` : '';
      const response = await merchant.browser.get(
        `/api/business/dashboard/activity?limit=1${query}`,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<DashboardActivity>();
      seen.push(...body.items.map((item) => item.id));
      after = body.nextCursor;
      if (!after) break;
    }
    expect(seen).toEqual([ids.late, ids.sale, ids.event, ids.click]);
  });
});

describe('Home and Analytics count the conversions ipick sent', () => {
  const period = 'from=2025-06-01&to=2025-06-07';

  async function figures(shop: Merchant) {
    const summary = (
      await shop.browser.get(`/api/business/dashboard/summary?${period}`)
    ).json<DashboardSummary>();
    const analytics = (
      await shop.browser.get(`/api/business/dashboard/analytics?${period}`)
    ).json<DashboardAnalytics>();
    const csv = (await shop.browser.get(`/api/business/dashboard/analytics.csv?${period}`)).body;
    return { summary, analytics, csv: csv.split('\r\n') };
  }

  it('counts what the conversion API recorded after a real ipick referral and redirect', async () => {
    const shop = await buildMerchant(app);
    await db()
      .updateTable('businesses')
      .set({ status: 'active' })
      .where('id', '=', shop.businessId)
      .execute();
    const { key } = await createKey(shop, 'secret');
    // One ipick click: the referral call, then the redirect that carries its referral id.
    const referralId = `aff_shop_${Date.now()}_e2e`;
    const tracked = await browserSession(app).post('/api/track/referral', {
      referralId,
      businessDomain: shop.domain,
      targetUrl: `https://${shop.domain}/p/kettle`,
    });
    expect(tracked.statusCode).toBe(200);
    const { targetUrl } = tracked.json<{ targetUrl: string }>();
    const redirected = await app.inject({
      url: `/api/redirect?to=${encodeURIComponent(targetUrl)}`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    expect(redirected.statusCode).toBe(302);
    const send = async (body: Record<string, unknown>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/conversions',
        headers: { authorization: `Bearer ${key}` },
        payload: { currency: 'USD', ...body },
      });
      expect(response.statusCode).toBe(201);
    };
    await send({ kind: 'sale', orderId: 'ORDER-1', amountMinor: 11_900, referralId });
    await send({ kind: 'refund', orderId: 'ORDER-1', amountMinor: 1_900 });
    await send({ kind: 'sale', orderId: 'ORDER-2', amountMinor: 5_000 });
    await send({ kind: 'sale', orderId: 'ORDER-3', amountMinor: 5_000, referralId: 'aff_x_1_y' });

    const summary = (
      await shop.browser.get('/api/business/dashboard/summary')
    ).json<DashboardSummary>();
    expect(summary.clicks.current).toBe(1);
    expect(summary.conversions.current).toBe(1);
    expect(summary.conversionRate.current).toBe(1);
    expect(summary.revenue).toEqual([
      { currency: 'USD', current: 10_000, previous: 0, change: null },
    ]);
  });

  it('counts only the sale that quotes an id of an ipick click of the shop', async () => {
    const shop = await buildMerchant(app);
    const other = await buildMerchant(app);
    const id = shop.businessId;
    await buildClick(db(), id, { at: '2025-06-02T09:00:00Z', referralId: 'aff_shop_real' });
    await buildClick(db(), id, {
      at: '2025-06-02T09:00:00Z',
      referralId: 'aff_shop_bot',
      isBot: true,
    });
    await buildClick(db(), other.businessId, {
      at: '2025-06-02T09:00:00Z',
      referralId: 'aff_other_real',
    });
    // Five sales the shop reported; one came with ipick's referral id.
    const sale = (orderId: string, amountMinor: number, referralId: string | null) =>
      buildConversion(db(), id, { at: '2025-06-03T12:00:00Z', orderId, amountMinor, referralId });
    await sale('ipick', 4_200, 'aff_shop_real');
    await sale('no-id', 10_000, null);
    await sale('made-up', 10_000, 'aff_shop_made_up');
    await sale('other-shop', 10_000, 'aff_other_real');
    await sale('bot-click', 10_000, 'aff_shop_bot');

    const { summary, analytics, csv } = await figures(shop);
    expect(summary.hasData).toBe(true);
    expect(summary.clicks.current).toBe(1);
    expect(summary.conversions.current).toBe(1);
    expect(summary.conversionRate.current).toBe(1);
    expect(summary.revenue).toEqual([
      { currency: 'USD', current: 4_200, previous: 0, change: null },
    ]);
    expect(analytics.totals).toEqual({
      clicks: 1,
      uniqueShoppers: 1,
      conversions: 1,
      revenue: { USD: 4_200 },
    });
    expect(analytics.series.find((point) => point.start === '2025-06-03')).toMatchObject({
      conversions: 1,
      revenue: { USD: 4_200 },
    });
    expect(csv).toContain('series,2025-06-03,,,0,0,,1,42.00');
    expect(
      csv.filter((line) => line.startsWith('series,')).map((line) => line.split(',')[7]),
    ).toEqual(['0', '0', '1', '0', '0', '0', '0']);
  });

  it("does not count a sale quoting another shop's click id, nor a bot's", async () => {
    const shop = await buildMerchant(app);
    const other = await buildMerchant(app);
    const othersClick = await buildClick(db(), other.businessId, { at: '2025-06-02T09:00:00Z' });
    const botClick = await buildClick(db(), shop.businessId, {
      at: '2025-06-02T09:00:00Z',
      isBot: true,
    });
    const ownClick = await buildClick(db(), shop.businessId, { at: '2025-06-02T09:00:00Z' });
    const at = '2025-06-03T12:00:00Z';
    await buildConversion(db(), shop.businessId, { at, amountMinor: 700, clickId: othersClick });
    await buildConversion(db(), shop.businessId, { at, amountMinor: 800, clickId: botClick });
    await buildConversion(db(), shop.businessId, { at, amountMinor: 900, clickId: ownClick });
    // Another shop's sale quoting this shop's click is not this shop's (nor the other's).
    await buildConversion(db(), other.businessId, { at, amountMinor: 5_000, clickId: ownClick });

    const { summary, analytics } = await figures(shop);
    expect(summary.conversions.current).toBe(1);
    expect(summary.revenue).toEqual([{ currency: 'USD', current: 900, previous: 0, change: null }]);
    expect(analytics.totals.conversions).toBe(1);
    const theirs = await figures(other);
    expect(theirs.summary.conversions.current).toBe(0);
    expect(theirs.summary.revenue).toEqual([]);
  });

  it('nets refunds, and a sale refunded in full is no conversion', async () => {
    const shop = await buildMerchant(app);
    const id = shop.businessId;
    await buildClick(db(), id, { at: '2025-06-01T09:00:00Z', referralId: 'aff_shop_refunds' });
    const quoting = { referralId: 'aff_shop_refunds' };
    await buildConversion(db(), id, {
      at: '2025-06-02T12:00:00Z',
      orderId: 'full',
      amountMinor: 5_000,
      ...quoting,
    });
    await buildConversion(db(), id, {
      at: '2025-06-04T12:00:00Z',
      orderId: 'partial',
      amountMinor: 8_000,
      ...quoting,
    });
    await buildConversion(db(), id, { at: '2025-06-05T12:00:00Z', kind: 'lead', ...quoting });
    // The refunds quote their sale's ids (the conversion API copies them) and may come later,
    // after the period; they count on their sale's day.
    await buildConversion(db(), id, {
      at: '2025-06-03T12:00:00Z',
      kind: 'refund',
      orderId: 'full',
      amountMinor: 5_000,
      ...quoting,
    });
    await buildConversion(db(), id, {
      at: '2025-06-20T12:00:00Z',
      kind: 'refund',
      orderId: 'partial',
      amountMinor: 3_000,
      ...quoting,
    });

    const { summary, analytics, csv } = await figures(shop);
    // The partly refunded sale and the lead.
    expect(summary.conversions.current).toBe(2);
    expect(summary.conversionRate.current).toBe(2);
    expect(summary.revenue).toEqual([
      { currency: 'USD', current: 5_000, previous: 0, change: null },
    ]);
    expect(analytics.totals).toMatchObject({ conversions: 2, revenue: { USD: 5_000 } });
    expect(
      analytics.series.map((point) => [point.start, point.conversions, point.revenue.USD ?? 0]),
    ).toEqual([
      ['2025-06-01', 0, 0],
      ['2025-06-02', 0, 0],
      ['2025-06-03', 0, 0],
      ['2025-06-04', 1, 5_000],
      ['2025-06-05', 1, 0],
      ['2025-06-06', 0, 0],
      ['2025-06-07', 0, 0],
    ]);
    expect(csv).toContain('series,2025-06-02,,,0,0,,0,0.00');
    expect(csv).toContain('series,2025-06-04,,,0,0,,1,50.00');
  });

  // PGlite is one session, so the time zone set here is the app's too; a PostgreSQL pool's
  // other connections would keep theirs.
  it.runIf(testDatabaseKind() === 'pglite')(
    'measures the window in whole days of 24 hours, whatever the time zone of the database',
    async () => {
      const shop = await buildMerchant(app);
      const id = shop.businessId;
      // New York's clocks went back an hour on 2 November 2025, between the click and the sale.
      await buildClick(db(), id, { at: '2025-10-15T11:00:00Z', referralId: 'aff_shop_dst' });
      await buildConversion(db(), id, {
        at: '2025-11-14T11:30:00Z', // 30 days and 30 minutes after the click: outside the window
        orderId: 'after-dst',
        amountMinor: 100,
        referralId: 'aff_shop_dst',
      });
      await sql`set time zone 'America/New_York'`.execute(db());
      try {
        const summary = (
          await shop.browser.get('/api/business/dashboard/summary?from=2025-11-01&to=2025-11-30')
        ).json<DashboardSummary>();
        expect(summary.conversions.current).toBe(0);
        expect(summary.revenue).toEqual([]);
      } finally {
        await sql`set time zone 'UTC'`.execute(db());
      }
    },
  );

  it("counts a conversion only at or after its click, within the shop's attribution window", async () => {
    const shop = await buildMerchant(app);
    const id = shop.businessId;
    await buildClick(db(), id, { at: '2025-05-03T12:00:00Z', referralId: 'aff_shop_may' });
    await buildClick(db(), id, { at: '2025-06-05T12:00:00Z', referralId: 'aff_shop_june' });
    // A referral call ipick recorded (the redirect that followed it is not needed).
    await buildReferral(db(), id, { at: '2025-06-01T08:00:00Z', referralId: 'aff_shop_call' });
    const sale = (at: string, orderId: string, referralId: string) =>
      buildConversion(db(), id, { at, orderId, amountMinor: 100, referralId });
    await sale('2025-06-02T12:00:00Z', 'day-30', 'aff_shop_may'); // 30 days after: in
    await sale('2025-06-03T12:00:01Z', 'day-31', 'aff_shop_may'); // a second over 31 days: out
    await sale('2025-06-04T12:00:00Z', 'before-click', 'aff_shop_june');
    await sale('2025-06-05T12:00:00Z', 'with-click', 'aff_shop_june');
    await sale('2025-06-06T12:00:00Z', 'by-call', 'aff_shop_call');

    const first = await figures(shop);
    expect(first.summary.conversions.current).toBe(3);
    expect(first.summary.revenue[0]?.current).toBe(300);

    // A 3-day window, as set on the Settings page: only the sale at the June click is left.
    await db()
      .insertInto('business_settings')
      .values({ business_id: id, attribution_window_days: 3, attribution_model: 'last_click' })
      .execute();
    const second = await figures(shop);
    expect(second.summary.conversions.current).toBe(1);
    expect(second.analytics.totals).toMatchObject({ conversions: 1, revenue: { USD: 100 } });
  });
});
