import type { DashboardActivity, DashboardAnalytics, DashboardSummary } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildMerchant, type Merchant } from '../tracking/tracking-test-kit.ts';
import { buildClick, buildConversion, buildEvent, buildProduct } from './dashboard-test-kit.ts';

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
    await buildClick(db(), id, { at: '2025-02-22T00:00:00Z', identityHash: 'h4' });
    await buildClick(db(), id, { at: '2025-02-28T10:00:00Z', identityHash: 'h5' });
    // Outside both periods.
    await buildClick(db(), id, { at: '2025-03-08T00:00:00Z' });
    await buildClick(db(), id, { at: '2025-02-21T23:59:59Z' });

    await buildConversion(db(), id, { at: '2025-03-02T10:00:00Z', amountMinor: 10_000 });
    await buildConversion(db(), id, { at: '2025-03-03T10:00:00Z', amountMinor: 5_000 });
    await buildConversion(db(), id, {
      at: '2025-03-04T10:00:00Z',
      kind: 'refund',
      amountMinor: 2_000,
    });
    await buildConversion(db(), id, { at: '2025-03-05T10:00:00Z', kind: 'lead', currency: null });
    await buildConversion(db(), id, {
      at: '2025-03-06T10:00:00Z',
      amountMinor: 3_000,
      currency: 'EUR',
    });
    await buildConversion(db(), id, { at: '2025-02-25T10:00:00Z', amountMinor: 6_500 });

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
    // Two sales, a lead and a EUR sale; the refund is not a conversion.
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

    await buildClick(db(), fresh.businessId, { at: new Date() });
    await buildConversion(db(), fresh.businessId, { at: new Date(), amountMinor: 2_500 });
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
    await buildConversion(db(), id, { at: '2025-03-03T12:00:00Z', amountMinor: 4_999 });
    await buildConversion(db(), id, {
      at: '2025-03-04T12:00:00Z',
      kind: 'refund',
      amountMinor: 999,
    });
    await buildConversion(db(), id, {
      at: '2025-03-04T13:00:00Z',
      amountMinor: 1_000,
      currency: 'GBP',
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
        revenue: { USD: 4_999 },
      },
      {
        start: '2025-03-04',
        clicks: 1,
        uniqueShoppers: 1,
        conversions: 1,
        revenue: { USD: -999, GBP: 1_000 },
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
    expect(lines).toContain('series,2025-03-03,,,1,1,,1,49.99,0.00');
    expect(lines).toContain('series,2025-03-04,,,1,1,,1,-9.99,10.00');
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
