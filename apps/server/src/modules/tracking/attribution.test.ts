import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { JOURNEY_ROW_LIMIT } from './tracking-repository.ts';
import {
  buildMerchant,
  createKey,
  startFixtureShop,
  verifyShop,
  type FixtureShop,
  type Merchant,
} from './tracking-test-kit.ts';

const DAY = 24 * 60 * 60 * 1000;

let testDb: TestDatabase;
let app: FastifyInstance;
let shop: FixtureShop;
let merchant: Merchant;
let publishableKey: string;
let secretKey: string;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY);
const db = () => testDb.database.db;

/** An ipick click to the merchant through the referral-tracking call, dated `at`. */
async function referralClick(referralId: string, sessionId: string, at: Date): Promise<string> {
  const response = await browserSession(app).post('/api/track/referral', {
    referralId,
    businessDomain: merchant.domain,
    targetUrl: `https://${merchant.domain}/p/kettle?session_id=${sessionId}`,
    productName: 'Kettle',
  });
  expect(response.json()).toMatchObject({ success: true });
  const row = await db()
    .updateTable('merchant_referrals')
    .set({ occurred_at: at } as never)
    .where('referral_id', '=', referralId)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An ipick click through `/api/redirect` (module referral's ledger), dated `at`. */
async function redirectClick(sessionId: string, at: Date): Promise<string> {
  const target = `https://${merchant.domain}/p/old-kettle`;
  const response = await app.inject({
    method: 'GET',
    url: `/api/redirect?to=${encodeURIComponent(target)}&session_id=${sessionId}`,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
  });
  expect(response.statusCode).toBe(302);
  const row = await db()
    .updateTable('clicks')
    .set({ occurred_at: at } as never)
    .where('session_id', '=', sessionId)
    // The redirect adds the tracking parameters the link lacks (spec §9).
    .where('target_url', 'like', `${target}?%`)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pageView(eventData: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/track/event?key=${publishableKey}`,
    headers: { origin: shop.origin, 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({ eventType: 'page_view', businessDomain: merchant.domain, eventData }),
  });
  expect(response.statusCode).toBe(200);
}

async function convert(body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/conversions',
    headers: { authorization: `Bearer ${secretKey}` },
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ conversion: { id: string } }>().conversion.id;
}

interface Credit {
  clickId: string;
  referralId: string | null;
  share: number;
  amountMinor: number;
}
interface ReportConversion {
  id: string;
  orderId: string;
  kind: string;
  refundedMinor: number;
  credits: Record<string, Credit[]>;
}

// One shopper's journey: an old redirect click (outside the window), three referral clicks in
// one ipick session, a landing page view that ties the session to the snippet's visitor id,
// and a sale quoting only that visitor id. A second shopper, and a lead with no click at all.
const clicks: Record<string, string> = {};
let saleId = '';

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb, { fetchAllowPrivate: true });
  shop = await startFixtureShop();
  merchant = await buildMerchant(app);
  // Redirect clicks are credited to active merchants only.
  await db()
    .updateTable('businesses')
    .set({ status: 'active' })
    .where('id', '=', merchant.businessId)
    .execute();
  await verifyShop(merchant, shop);
  publishableKey = (await createKey(merchant, 'publishable')).key;
  secretKey = (await createKey(merchant, 'secret')).key;

  clicks.old = await redirectClick('s-journey', daysAgo(40));
  clicks.first = await referralClick('aff_journey_1', 's-journey', daysAgo(20));
  clicks.middle = await referralClick('aff_journey_2', 's-journey', daysAgo(10));
  clicks.last = await referralClick('aff_journey_3', 's-journey', daysAgo(2));
  await pageView({
    timestamp: daysAgo(0.5).toISOString(),
    referralId: 'aff_journey_3',
    sessionId: 's-journey',
    visitorId: 'v-journey',
    url: `${shop.origin}/p/kettle?ipick_ref=aff_journey_3`,
  });
  saleId = await convert({
    kind: 'sale',
    orderId: 'order-journey',
    amountMinor: 10_000,
    currency: 'USD',
    visitorId: 'v-journey',
    occurredAt: daysAgo(0.25).toISOString(),
  });
  await convert({ kind: 'refund', orderId: 'order-journey', amountMinor: 2500, currency: 'USD' });

  clicks.other = await referralClick('aff_other_1', 's-other', daysAgo(3));
  await convert({
    kind: 'sale',
    orderId: 'order-other',
    amountMinor: 999,
    currency: 'USD',
    referralId: 'aff_other_1',
    occurredAt: daysAgo(1).toISOString(),
  });
  await convert({ kind: 'lead', orderId: 'lead-alone', occurredAt: daysAgo(0.9).toISOString() });
});
afterAll(async () => {
  await app?.close();
  await shop?.server.close();
  await testDb?.dispose();
});

describe('GET /api/business/attribution', () => {
  const query = () =>
    `from=${encodeURIComponent(daysAgo(5).toISOString())}&to=${encodeURIComponent(
      new Date(now + DAY).toISOString(),
    )}`;

  it('credits each conversion under every model side by side', async () => {
    const response = await merchant.browser.get(`/api/business/attribution?${query()}`);
    expect(response.statusCode).toBe(200);
    const report = response.json<{
      windowDays: number;
      defaultModel: string;
      models: string[];
      conversions: ReportConversion[];
      truncated: boolean;
    }>();
    expect(report).toMatchObject({ windowDays: 30, defaultModel: 'last_click', truncated: false });
    expect(report.models).toEqual(['last_click', 'first_click', 'linear', 'position_based']);
    expect(report.conversions.map((conversion) => conversion.orderId)).toEqual([
      'order-other',
      'lead-alone',
      'order-journey',
    ]);

    const sale = report.conversions.find((conversion) => conversion.id === saleId)!;
    expect(sale.refundedMinor).toBe(2500);
    const byModel = (model: string) =>
      sale.credits[model]!.map((credit) => [credit.clickId, credit.amountMinor]);
    // The redirect click 40 days back is outside the 30-day window. The sale of 10,000 less
    // its refund of 2,500 is what the clicks share.
    expect(byModel('last_click')).toEqual([[clicks.last, 7_500]]);
    expect(byModel('first_click')).toEqual([[clicks.first, 7_500]]);
    expect(byModel('linear')).toEqual([
      [clicks.first, 2500],
      [clicks.middle, 2500],
      [clicks.last, 2500],
    ]);
    expect(byModel('position_based')).toEqual([
      [clicks.first, 3000],
      [clicks.middle, 1500],
      [clicks.last, 3000],
    ]);
    expect(sale.credits.last_click![0]!.referralId).toBe('aff_journey_3');

    const other = report.conversions.find((conversion) => conversion.orderId === 'order-other')!;
    expect(other.credits.position_based!.map((credit) => credit.clickId)).toEqual([clicks.other]);
    const lead = report.conversions.find((conversion) => conversion.orderId === 'lead-alone')!;
    expect(lead.credits.last_click).toEqual([]);
  });

  it('follows the business window and the model asked for', async () => {
    await merchant.browser.patch('/api/business/attribution/settings', { windowDays: 7 });
    try {
      const response = await merchant.browser.get(
        `/api/business/attribution?${query()}&model=first_click`,
      );
      const report = response.json<{ models: string[]; conversions: ReportConversion[] }>();
      expect(report.models).toEqual(['first_click']);
      const sale = report.conversions.find((conversion) => conversion.id === saleId)!;
      expect(Object.keys(sale.credits)).toEqual(['first_click']);
      expect(sale.credits.first_click!.map((credit) => credit.clickId)).toEqual([clicks.last]);
    } finally {
      await merchant.browser.patch('/api/business/attribution/settings', { windowDays: 30 });
    }
  });

  it('names bad parameters and shows nothing of other businesses', async () => {
    const bad = await merchant.browser.get('/api/business/attribution?model=time_decay');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^query\.model: /);
    const backwards = await merchant.browser.get(
      '/api/business/attribution?from=2026-03-02&to=2026-03-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ error: string }>().error).toMatch(/^from: /);
    const other = await buildMerchant(app);
    const empty = await other.browser.get(`/api/business/attribution?${query()}`);
    expect(empty.json<{ conversions: unknown[] }>().conversions).toEqual([]);
  });
});

describe('refunds in the attribution report', () => {
  // A shop of its own: one ipick click, a sale refunded in full, a sale, and a sale refunded
  // in part, all quoting the click's referral id.
  let shop: Merchant;
  let shopKey: string;
  const sent = async (body: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/conversions',
      headers: { authorization: `Bearer ${shopKey}` },
      payload: body,
    });
    expect(response.statusCode).toBe(201);
  };

  beforeAll(async () => {
    shop = await buildMerchant(app);
    shopKey = (await createKey(shop, 'secret')).key;
    const referralId = 'aff_refunds_1767225600000_abc';
    const tracked = await browserSession(app).post('/api/track/referral', {
      referralId,
      businessDomain: shop.domain,
      targetUrl: `https://${shop.domain}/p/kettle`,
    });
    expect(tracked.json()).toMatchObject({ success: true });
    await db()
      .updateTable('merchant_referrals')
      .set({ occurred_at: daysAgo(3) } as never)
      .where('referral_id', '=', referralId)
      .execute();
    const sale = { kind: 'sale', currency: 'USD', referralId };
    await sent({
      ...sale,
      orderId: 'ORDER-1001',
      amountMinor: 11_900,
      occurredAt: daysAgo(2).toISOString(),
    });
    await sent({ kind: 'refund', orderId: 'ORDER-1001', amountMinor: 11_900, currency: 'USD' });
    await sent({
      ...sale,
      orderId: 'ORDER-1005',
      amountMinor: 23_800,
      occurredAt: daysAgo(1).toISOString(),
    });
    await sent({
      ...sale,
      orderId: 'ORDER-1006',
      amountMinor: 10_000,
      occurredAt: daysAgo(1).toISOString(),
    });
    await sent({ kind: 'refund', orderId: 'ORDER-1006', amountMinor: 2_500, currency: 'USD' });
  });

  it('credits each sale on its amount less its refunds: nothing for one refunded in full', async () => {
    const response = await shop.browser.get(
      `/api/business/attribution?from=${encodeURIComponent(daysAgo(5).toISOString())}`,
    );
    expect(response.statusCode).toBe(200);
    const report = response.json<{ conversions: (ReportConversion & { amountMinor: number })[] }>();
    const byOrder = Object.fromEntries(report.conversions.map((row) => [row.orderId, row]));
    expect(Object.keys(byOrder).sort()).toEqual(['ORDER-1001', 'ORDER-1005', 'ORDER-1006']);
    const credited = (orderId: string) =>
      Object.fromEntries(
        Object.entries(byOrder[orderId]!.credits).map(([model, credits]) => [
          model,
          credits.reduce((sum, credit) => sum + credit.amountMinor, 0),
        ]),
      );
    const everyModel = (amount: number) => ({
      last_click: amount,
      first_click: amount,
      linear: amount,
      position_based: amount,
    });
    expect(byOrder['ORDER-1001']).toMatchObject({ amountMinor: 11_900, refundedMinor: 11_900 });
    expect(credited('ORDER-1001')).toEqual(everyModel(0));
    expect(byOrder['ORDER-1005']).toMatchObject({ amountMinor: 23_800, refundedMinor: 0 });
    expect(credited('ORDER-1005')).toEqual(everyModel(23_800));
    expect(byOrder['ORDER-1006']).toMatchObject({ amountMinor: 10_000, refundedMinor: 2_500 });
    expect(credited('ORDER-1006')).toEqual(everyModel(7_500));
  });

  it("credits the journey view's sales the same way", async () => {
    const response = await shop.browser.get('/api/business/journeys?orderId=ORDER-1005');
    const journey = response.json<{
      steps: { type: string; id: string; orderId?: string }[];
      attribution: {
        conversionId: string;
        refundedMinor: number;
        credits: Record<string, Credit[]>;
      }[];
    }>();
    const orderOf = new Map(journey.steps.map((step) => [step.id, step.orderId]));
    // Each credit names its conversion, and what refunds gave back on it.
    expect(
      Object.fromEntries(
        journey.attribution.map((entry) => [orderOf.get(entry.conversionId), entry.refundedMinor]),
      ),
    ).toEqual({ 'ORDER-1001': 11_900, 'ORDER-1005': 0, 'ORDER-1006': 2_500 });
    const lastClick: Record<string, number[]> = Object.fromEntries(
      journey.attribution.map((entry) => [
        orderOf.get(entry.conversionId) ?? '',
        entry.credits.last_click!.map((credit) => credit.amountMinor),
      ]),
    );
    expect(lastClick).toEqual({
      'ORDER-1001': [0],
      'ORDER-1005': [23_800],
      'ORDER-1006': [7_500],
    });
  });
});

describe('an order refunded in parts', () => {
  // A shop of its own: an ipick referral call, then a sale of 100.00 quoting it, then two
  // partial refunds of it (25.00 and 15.00), each with the shop's own refund id.
  it('nets every refund of the order on the Attribution report, the journey and the dashboard', async () => {
    const parts = await buildMerchant(app);
    const partsKey = (await createKey(parts, 'secret')).key;
    const send = async (body: Record<string, unknown>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/conversions',
        headers: { authorization: `Bearer ${partsKey}` },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const referralId = 'aff_parts_1767225600000_abc';
    const tracked = await browserSession(app).post('/api/track/referral', {
      referralId,
      businessDomain: parts.domain,
      targetUrl: `https://${parts.domain}/p/kettle`,
    });
    expect(tracked.json()).toMatchObject({ success: true });
    await db()
      .updateTable('merchant_referrals')
      .set({ occurred_at: daysAgo(2) } as never)
      .where('referral_id', '=', referralId)
      .execute();
    await send({
      kind: 'sale',
      orderId: 'ORDER-2001',
      amountMinor: 10_000,
      currency: 'USD',
      referralId,
      occurredAt: daysAgo(1).toISOString(),
    });
    const refund = { kind: 'refund', orderId: 'ORDER-2001', currency: 'USD' };
    await send({ ...refund, refundId: 'RF-1', amountMinor: 2_500 });
    await send({ ...refund, refundId: 'RF-2', amountMinor: 1_500 });

    const report = (
      await parts.browser.get(
        `/api/business/attribution?from=${encodeURIComponent(daysAgo(5).toISOString())}`,
      )
    ).json<{ conversions: (ReportConversion & { amountMinor: number })[] }>();
    expect(report.conversions).toHaveLength(1);
    const sale = report.conversions[0]!;
    expect(sale).toMatchObject({
      orderId: 'ORDER-2001',
      amountMinor: 10_000,
      refundedMinor: 4_000,
    });
    for (const credits of Object.values(sale.credits)) {
      expect(credits.reduce((sum, credit) => sum + credit.amountMinor, 0)).toBe(6_000);
    }

    const journey = (await parts.browser.get('/api/business/journeys?orderId=ORDER-2001')).json<{
      steps: { type: string; kind?: string; refundId?: string }[];
      attribution: { conversionId: string; refundedMinor: number }[];
    }>();
    expect(journey.attribution).toEqual([
      expect.objectContaining({ conversionId: sale.id, refundedMinor: 4_000 }),
    ]);
    expect(
      journey.steps.filter((step) => step.kind === 'refund').map((step) => step.refundId),
    ).toEqual(['RF-1', 'RF-2']);

    const recent = (await parts.browser.get('/api/business/journeys/recent')).json<{
      items: { orderId: string; amountMinor: number; refundedMinor: number }[];
    }>();
    expect(recent.items).toEqual([
      expect.objectContaining({ orderId: 'ORDER-2001', amountMinor: 10_000, refundedMinor: 4_000 }),
    ]);

    const summary = (await parts.browser.get('/api/business/dashboard/summary')).json<{
      conversions: { current: number };
      revenue: { currency: string; current: number }[];
    }>();
    expect(summary.conversions.current).toBe(1);
    expect(summary.revenue).toEqual([expect.objectContaining({ currency: 'USD', current: 6_000 })]);
  });
});

describe('a lead with a value, and clicks at the same moment', () => {
  // A shop of its own: two ipick referral calls of one session recorded at the same moment,
  // then a sign-up the shop sent with a value in euros, and a sale in dollars.
  let tie: Merchant;
  const referralIds = ['aff_tie_1767225600000_aaa', 'aff_tie_1767225600000_bbb'];
  const sameMoment = new Date(now - 2 * DAY);
  const reportOf = async () =>
    (
      await tie.browser.get(
        `/api/business/attribution?from=${encodeURIComponent(daysAgo(5).toISOString())}`,
      )
    ).json<{ conversions: ReportConversion[] }>();

  beforeAll(async () => {
    tie = await buildMerchant(app);
    const tieKey = (await createKey(tie, 'secret')).key;
    for (const referralId of referralIds) {
      const tracked = await browserSession(app).post('/api/track/referral', {
        referralId,
        businessDomain: tie.domain,
        targetUrl: `https://${tie.domain}/p/kettle?session_id=s-tie`,
      });
      expect(tracked.json()).toMatchObject({ success: true });
    }
    await db()
      .updateTable('merchant_referrals')
      .set({ occurred_at: sameMoment } as never)
      .where('referral_id', 'in', referralIds)
      .execute();
    for (const body of [
      { kind: 'lead', orderId: 'SIGNUP-1', amountMinor: 5_000, currency: 'EUR' },
      { kind: 'sale', orderId: 'ORDER-3001', amountMinor: 1_001, currency: 'USD' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/conversions',
        headers: { authorization: `Bearer ${tieKey}` },
        payload: { ...body, referralId: referralIds[0], occurredAt: daysAgo(1).toISOString() },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it("credits a lead's clicks with no money: its value is not revenue, in any currency", async () => {
    const report = await reportOf();
    const lead = report.conversions.find((row) => row.orderId === 'SIGNUP-1')!;
    for (const model of ['last_click', 'first_click', 'linear', 'position_based']) {
      expect(lead.credits[model]!.length).toBeGreaterThan(0);
      expect(lead.credits[model]!.map((credit) => credit.amountMinor)).toEqual(
        lead.credits[model]!.map(() => 0),
      );
    }
    const journey = (await tie.browser.get('/api/business/journeys?orderId=SIGNUP-1')).json<{
      steps: { id: string; orderId?: string }[];
      attribution: { conversionId: string; credits: Record<string, Credit[]> }[];
    }>();
    const leadCredit = journey.attribution.find((entry) => entry.conversionId === lead.id)!;
    expect(leadCredit.credits.last_click!.map((credit) => credit.amountMinor)).toEqual([0]);
  });

  it('orders clicks of the same moment the same way on every read', async () => {
    const creditedClicks = async () => {
      const sale = (await reportOf()).conversions.find((row) => row.orderId === 'ORDER-3001')!;
      return {
        first: sale.credits.first_click!.map((credit) => credit.clickId),
        last: sale.credits.last_click!.map((credit) => credit.clickId),
        linear: sale.credits.linear!.map((credit) => [credit.clickId, credit.amountMinor]),
      };
    };
    const before = await creditedClicks();
    expect(before.first).toHaveLength(1);
    expect(before.last).toHaveLength(1);
    // Two clicks: one is first and the other last; the odd cent goes to the last one.
    expect(before.first[0]).not.toBe(before.last[0]);
    expect(before.linear).toEqual([
      [before.first[0], 500],
      [before.last[0], 501],
    ]);
    // Rewriting the first click's row moves it in the table's storage and its indexes; which
    // of the two is the last click must not change with it.
    for (const at of [new Date(sameMoment.getTime() + 1), sameMoment]) {
      await db()
        .updateTable('merchant_referrals')
        .set({ occurred_at: at } as never)
        .where('id', '=', before.first[0]!)
        .execute();
    }
    expect(await creditedClicks()).toEqual(before);
    const journey = (await tie.browser.get('/api/business/journeys?orderId=ORDER-3001')).json<{
      steps: { type: string; id: string }[];
    }>();
    expect(journey.steps.filter((step) => step.type === 'click').map((step) => step.id)).toEqual([
      before.first[0],
      before.last[0],
    ]);
  });
});

describe('a busy shop', () => {
  it("credits the last sale of the period, though an earlier shopper's visits number thousands", async () => {
    const busy = await buildMerchant(app);
    const busyKey = (await createKey(busy, 'secret')).key;
    const sendSale = async (orderId: string, visitorId: string, at: Date) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/conversions',
        headers: { authorization: `Bearer ${busyKey}` },
        payload: {
          kind: 'sale',
          orderId,
          amountMinor: 2_000,
          currency: 'USD',
          visitorId,
          occurredAt: at.toISOString(),
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    // Shopper one browsed the shop page after page (the snippet reports every page view),
    // then bought, quoting the visitor id the snippet keeps.
    await sql`
      insert into tracking_events (id, business_id, event_type, event_data, occurred_at, visitor_id)
      select gen_random_uuid(), ${busy.businessId}, 'page_view', '{}',
        ${daysAgo(4)}::timestamptz + g * interval '1 second', 'v-busy-browser'
      from generate_series(1, 2100) g
    `.execute(db());
    await sendSale('ORDER-4001', 'v-busy-browser', daysAgo(3));
    // Shopper two came from an ipick click, landed (the page view ties the click's referral id
    // to their visitor id) and bought, the sale quoting only the visitor id.
    const referralId = 'aff_busy_1767225600000_abc';
    const tracked = await browserSession(app).post('/api/track/referral', {
      referralId,
      businessDomain: busy.domain,
      targetUrl: `https://${busy.domain}/p/kettle`,
    });
    expect(tracked.json()).toMatchObject({ success: true });
    await db()
      .updateTable('merchant_referrals')
      .set({ occurred_at: daysAgo(1) } as never)
      .where('referral_id', '=', referralId)
      .execute();
    await db()
      .insertInto('tracking_events')
      .values({
        id: randomUUID(),
        business_id: busy.businessId,
        event_type: 'page_view',
        event_data: '{}',
        occurred_at: daysAgo(0.9),
        session_id: null,
        user_id: null,
        url: null,
        referral_id: referralId,
        click_id: null,
        visitor_id: 'v-busy-buyer',
      })
      .execute();
    await sendSale('ORDER-4002', 'v-busy-buyer', daysAgo(0.5));

    const report = (
      await busy.browser.get(
        `/api/business/attribution?from=${encodeURIComponent(daysAgo(5).toISOString())}`,
      )
    ).json<{ conversions: ReportConversion[] }>();
    const sale = report.conversions.find((row) => row.orderId === 'ORDER-4002')!;
    expect(sale.credits.last_click).toMatchObject([{ referralId, amountMinor: 2_000 }]);
  });

  it('says the report is partial when a shopper made more clicks than one report reads', async () => {
    const busy = await buildMerchant(app);
    const busyKey = (await createKey(busy, 'secret')).key;
    const reportOf = async () =>
      (
        await busy.browser.get(
          `/api/business/attribution?from=${encodeURIComponent(daysAgo(5).toISOString())}`,
        )
      ).json<{ conversions: ReportConversion[]; truncated: boolean }>();
    const addClicks = (count: number, from: number) =>
      sql`
      insert into clicks (id, occurred_at, target_url, target_host, business_id, session_id, is_bot, referral_id)
      select gen_random_uuid(), ${daysAgo(4)}::timestamptz + g * interval '1 second',
        ${`https://${busy.domain}/p/kettle`}, ${busy.domain}, ${busy.businessId}, 's-clicker', false,
        'aff_clicker_1767225600000_' || g
      from generate_series(${from}::int, ${from + count - 1}::int) g
    `.execute(db());
    await addClicks(JOURNEY_ROW_LIMIT - 1, 1);
    const sale = await app.inject({
      method: 'POST',
      url: '/api/conversions',
      headers: { authorization: `Bearer ${busyKey}` },
      payload: {
        kind: 'sale',
        orderId: 'ORDER-5001',
        amountMinor: 2_000,
        currency: 'USD',
        sessionId: 's-clicker',
        occurredAt: daysAgo(1).toISOString(),
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    // Every click read: the report is whole.
    expect((await reportOf()).truncated).toBe(false);
    // As many clicks as one read takes: any later ones would be missing, so the page says so.
    await addClicks(1, JOURNEY_ROW_LIMIT);
    const report = await reportOf();
    expect(report.conversions.map((row) => row.orderId)).toEqual(['ORDER-5001']);
    expect(report.truncated).toBe(true);
  });
});

describe('GET /api/business/journeys', () => {
  it("shows an order's clicks, events and conversions in time order", async () => {
    const response = await merchant.browser.get('/api/business/journeys?orderId=order-journey');
    expect(response.statusCode).toBe(200);
    const journey = response.json<{
      steps: { type: string; id: string; source?: string; kind?: string; eventType?: string }[];
      attribution: { conversionId: string; credits: Record<string, Credit[]> }[];
    }>();
    expect(
      journey.steps.map((step) => [step.type, step.kind ?? step.eventType ?? step.source]),
    ).toEqual([
      ['click', 'redirect'],
      ['click', 'referral'],
      ['click', 'referral'],
      ['click', 'referral'],
      ['event', 'page_view'],
      ['conversion', 'sale'],
      ['conversion', 'refund'],
    ]);
    expect(journey.steps.slice(0, 4).map((step) => step.id)).toEqual([
      clicks.old,
      clicks.first,
      clicks.middle,
      clicks.last,
    ]);
    // The other shopper's steps are not part of it.
    expect(journey.steps.map((step) => step.id)).not.toContain(clicks.other);
    expect(journey.attribution).toHaveLength(1);
    expect(journey.attribution[0]!.conversionId).toBe(saleId);
    expect(journey.attribution[0]!.credits.last_click!.map((credit) => credit.clickId)).toEqual([
      clicks.last,
    ]);
  });

  it('is a 404 for an unknown or foreign order and names a missing order id', async () => {
    expect((await merchant.browser.get('/api/business/journeys?orderId=nope')).statusCode).toBe(
      404,
    );
    const other = await buildMerchant(app);
    expect(
      (await other.browser.get('/api/business/journeys?orderId=order-journey')).statusCode,
    ).toBe(404);
    const missing = await merchant.browser.get('/api/business/journeys');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/^query\.orderId: /);
    expect((await browserSession(app).get('/api/business/journeys?orderId=x')).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/business/journeys/recent', () => {
  interface Summary {
    orderId: string;
    kinds: string[];
    amountMinor: number;
    refundedMinor: number;
    currency: string | null;
    shopperId: string | null;
    quotesReferral: boolean;
    firstAt: string;
    lastAt: string;
  }
  type Page = { items: Summary[]; page: number; pageSize: number; total: number };

  it('lists the latest orders first, each with its pseudonymous shopper', async () => {
    const response = await merchant.browser.get('/api/business/journeys/recent');
    expect(response.statusCode).toBe(200);
    const body = response.json<Page>();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 3 });
    // The refund of order-journey came last (now), so that order leads.
    expect(body.items.map((item) => item.orderId)).toEqual([
      'order-journey',
      'lead-alone',
      'order-other',
    ]);
    expect(body.items[0]).toMatchObject({
      kinds: ['refund', 'sale'],
      amountMinor: 10_000,
      refundedMinor: 2500,
      currency: 'USD',
      shopperId: 'v-journey',
      quotesReferral: false,
    });
    expect(Date.parse(body.items[0]!.firstAt)).toBeLessThan(Date.parse(body.items[0]!.lastAt));
    expect(body.items[1]).toMatchObject({ kinds: ['lead'], amountMinor: 0, shopperId: null });
    expect(body.items[2]).toMatchObject({ quotesReferral: true, amountMinor: 999 });
  });

  it('finds orders by part of their id, and pages', async () => {
    const found = await merchant.browser.get('/api/business/journeys/recent?query=OTHER');
    expect(found.json<Page>()).toMatchObject({ total: 1, items: [{ orderId: 'order-other' }] });
    const wildcard = await merchant.browser.get('/api/business/journeys/recent?query=_');
    expect(wildcard.json<Page>().total).toBe(0);
    const beyond = await merchant.browser.get('/api/business/journeys/recent?page=2');
    expect(beyond.json<Page>()).toMatchObject({ items: [], page: 2, total: 3 });
  });

  it('names bad parameters and keeps each business to its own orders', async () => {
    const bad = await merchant.browser.get('/api/business/journeys/recent?page=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^query\.page: /);
    const long = await merchant.browser.get(
      `/api/business/journeys/recent?query=${'x'.repeat(201)}`,
    );
    expect(long.json<{ error: string }>().error).toMatch(/^query\.query: /);
    const other = await buildMerchant(app);
    const empty = await other.browser.get('/api/business/journeys/recent?query=order');
    expect(empty.json<Page>()).toMatchObject({ items: [], total: 0 });
    expect((await browserSession(app).get('/api/business/journeys/recent')).statusCode).toBe(401);
  });
});

describe('an order quoting a referral id ipick never gave out', () => {
  it('is accepted, but neither its journey nor the list of journeys calls it an ipick referral', async () => {
    const shop = await buildMerchant(app);
    const { key } = await createKey(shop, 'secret');
    const referralId = 'aff_real_1767225600000_abc';
    await browserSession(app).post('/api/track/referral', {
      referralId,
      businessDomain: shop.domain,
      targetUrl: `https://${shop.domain}/p/kettle`,
    });
    const send = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/conversions',
        headers: { authorization: `Bearer ${key}` },
        payload: { kind: 'sale', currency: 'USD', ...body },
      });
    const real = await send({ orderId: 'ORDER-1005', amountMinor: 23_800, referralId });
    expect(real.statusCode).toBe(201);
    // The shop's server may send any id: it is recorded, not credited.
    const madeUp = await send({
      orderId: 'ORDER-1004',
      amountMinor: 500,
      referralId: 'aff_bogus_1_x',
    });
    expect(madeUp.statusCode).toBe(201);

    const recent = (await shop.browser.get('/api/business/journeys/recent')).json<{
      items: { orderId: string; quotesReferral: boolean }[];
    }>();
    expect(
      Object.fromEntries(recent.items.map((item) => [item.orderId, item.quotesReferral])),
    ).toEqual({ 'ORDER-1004': false, 'ORDER-1005': true });
    const journey = (await shop.browser.get('/api/business/journeys?orderId=ORDER-1004')).json<{
      steps: { type: string }[];
    }>();
    expect(journey.steps.map((step) => step.type)).toEqual(['conversion']);
  });
});

describe('a referral call made by a bot', () => {
  it('is kept with its reason, but a sale quoting its id is neither credited nor counted', async () => {
    const shop = await buildMerchant(app);
    const { key } = await createKey(shop, 'secret');
    const referralId = 'aff_headless_1767225600000_abc';
    const tracked = await browserSession(app).post(
      '/api/track/referral',
      { referralId, businessDomain: shop.domain, targetUrl: `https://${shop.domain}/p/kettle` },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/124.0.0.0 Safari/537.36' },
    );
    // The page still sends it on, as it would a shopper.
    expect(tracked.json()).toMatchObject({ success: true, referralId });
    expect(
      await db()
        .selectFrom('merchant_referrals')
        .select(['is_bot', 'bot_reason'])
        .where('referral_id', '=', referralId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ is_bot: true, bot_reason: 'user_agent' });
    const sale = await app.inject({
      method: 'POST',
      url: '/api/conversions',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        kind: 'sale',
        currency: 'USD',
        orderId: 'ORDER-BOT',
        amountMinor: 900,
        referralId,
      },
    });
    expect(sale.statusCode).toBe(201);

    const report = (
      await shop.browser.get(
        `/api/business/attribution?from=${encodeURIComponent(daysAgo(1).toISOString())}`,
      )
    ).json<{ conversions: ReportConversion[] }>();
    expect(report.conversions.map((row) => [row.orderId, row.credits.last_click])).toEqual([
      ['ORDER-BOT', []],
    ]);
    const recent = (await shop.browser.get('/api/business/journeys/recent')).json<{
      items: { orderId: string; quotesReferral: boolean }[];
    }>();
    expect(recent.items).toMatchObject([{ orderId: 'ORDER-BOT', quotesReferral: false }]);
    const today = new Date().toISOString().slice(0, 10);
    const summary = (
      await shop.browser.get(`/api/business/dashboard/summary?from=${today}&to=${today}`)
    ).json<{ conversions: { current: number } }>();
    expect(summary.conversions.current).toBe(0);
  });

  it("takes the results page's own call (a fetch, Sec-Fetch-Dest: empty) from a browser for a shopper's", async () => {
    const referralId = 'aff_fetched_1767225600000_abc';
    await browserSession(app).post(
      '/api/track/referral',
      { referralId, businessDomain: merchant.domain, targetUrl: `https://${merchant.domain}/p/x` },
      { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' },
    );
    expect(
      await db()
        .selectFrom('merchant_referrals')
        .select(['is_bot', 'bot_reason'])
        .where('referral_id', '=', referralId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ is_bot: false, bot_reason: null });
  });
});

// Last: its order would show among the recent orders the tests above count.
describe('a merchant click recorded twice', () => {
  it('counts a merchant click once, though the referral call and the redirect both recorded it', async () => {
    const referralId = 'aff_once_1767225600000_k3x9q2m7a';
    const tracked = await browserSession(app).post('/api/track/referral', {
      referralId,
      businessDomain: merchant.domain,
      targetUrl: `https://${merchant.domain}/p/once?session_id=s-once`,
      productName: 'Kettle',
    });
    const { targetUrl } = tracked.json<{ targetUrl: string }>();
    // The shopper then goes through ipick's redirect to that address, as the results page sends them.
    const redirected = await app.inject({
      url: `/api/redirect?to=${encodeURIComponent(targetUrl)}&session_id=s-once`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    expect(redirected.statusCode).toBe(302);
    const ledger = await db()
      .selectFrom('clicks')
      .select('referral_id')
      .where('session_id', '=', 's-once')
      .execute();
    expect(ledger).toEqual([{ referral_id: referralId }]);
    await convert({
      kind: 'sale',
      orderId: 'order-once',
      amountMinor: 5_000,
      currency: 'USD',
      referralId,
    });

    const journey = (await merchant.browser.get('/api/business/journeys?orderId=order-once')).json<{
      steps: { type: string; source?: string }[];
      attribution: { credits: Record<string, Credit[]> }[];
    }>();
    expect(journey.steps.filter((step) => step.type === 'click')).toMatchObject([
      { source: 'referral' },
    ]);
    for (const model of ['last_click', 'first_click', 'linear', 'position_based']) {
      expect(journey.attribution[0]!.credits[model]).toMatchObject([{ referralId, share: 1 }]);
    }
  });
});
