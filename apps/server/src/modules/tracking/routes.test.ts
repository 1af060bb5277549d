import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import {
  buildMerchant,
  createKey,
  startFixtureShop,
  verifyShop,
  type FixtureShop,
  type Merchant,
} from './tracking-test-kit.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let shop: FixtureShop;
let scriptDir: string;
/** A merchant with a verified shop domain and keys of both kinds. */
let merchant: Merchant;
let publishableKey: string;
let secretKey: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  scriptDir = await mkdtemp(join(tmpdir(), 'ipick-tracker-'));
  await writeFile(join(scriptDir, 'tracker.js'), '(()=>{window.ipickLoaded=1})();\n');
  app = await buildTestApp(
    testDb,
    { fetchAllowPrivate: true },
    { trackerScriptPath: join(scriptDir, 'tracker.js') },
  );
  shop = await startFixtureShop();
  merchant = await buildMerchant(app);
  await verifyShop(merchant, shop);
  publishableKey = (await createKey(merchant, 'publishable')).key;
  secretKey = (await createKey(merchant, 'secret')).key;
});
afterAll(async () => {
  await app?.close();
  await shop?.server.close();
  await testDb?.dispose();
  await rm(scriptDir, { recursive: true, force: true });
});

const db = () => testDb.database.db;

describe('POST /api/track/referral (spec §7)', () => {
  it('records the referral and gives back the target carrying the referral id', async () => {
    const shopper = browserSession(app);
    const referralId = `aff_test_${Date.now()}_abc123`;
    const targetUrl = `https://${merchant.domain}/p/kettle?utm_source=ipick&session_id=s-ref-1`;
    const response = await shopper.post('/api/track/referral', {
      referralId,
      businessDomain: merchant.domain,
      targetUrl,
      sourceUrl: 'http://localhost:3000/new-search/1/kettle',
      productName: 'Kettle 1.7 l',
      userId: 'somebody-else',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; referralId: string; targetUrl: string }>();
    expect(body.success).toBe(true);
    expect(body.referralId).toBe(referralId);
    const landing = new URL(body.targetUrl);
    expect(landing.searchParams.get('ipick_ref')).toBe(referralId);
    expect(landing.searchParams.get('session_id')).toBe('s-ref-1');

    const row = await db()
      .selectFrom('merchant_referrals')
      .selectAll()
      .where('referral_id', '=', referralId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      business_id: merchant.businessId,
      session_id: 's-ref-1',
      product_name: 'Kettle 1.7 l',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      // The body's userId is not trusted; this shopper is not signed in.
      user_id: null,
    });

    // A retried call is answered the same and records nothing new.
    const retry = await shopper.post('/api/track/referral', {
      referralId,
      businessDomain: merchant.domain,
      targetUrl,
    });
    expect(retry.json()).toMatchObject({ success: true, referralId });
  });

  it('makes a referral id when none is given and links the signed-in shopper', async () => {
    const shopper = browserSession(app);
    await shopper.post('/api/auth/register', {
      email: `shopper${Date.now()}@example.com`,
      password: 'a good long password',
    });
    const response = await shopper.post('/api/track/referral', {
      businessDomain: `https://www.${merchant.domain}/`,
      targetUrl: `https://www.${merchant.domain}/p/1`,
    });
    const body = response.json<{ success: boolean; referralId: string }>();
    expect(body.success).toBe(true);
    expect(body.referralId).toMatch(/^aff_kettles\d+examplecom_\d{13}_[a-z0-9]{9}$/);
    const row = await db()
      .selectFrom('merchant_referrals')
      .select('user_id')
      .where('referral_id', '=', body.referralId)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers success false for a shop that is not a merchant, a suspended one and bad fields', async () => {
    const shopper = browserSession(app);
    const unknown = await shopper.post('/api/track/referral', {
      businessDomain: 'nobody-here.example.com',
      targetUrl: 'https://nobody-here.example.com/p/1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      error: 'nobody-here.example.com is not a merchant on ipick',
      code: 'not_found',
    });

    const bad = await shopper.post('/api/track/referral', {
      businessDomain: merchant.domain,
      targetUrl: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'invalid_request' });
    expect(bad.json<{ error: string }>().error).toMatch(/^body\.targetUrl: /);

    const elsewhere = await shopper.post('/api/track/referral', {
      businessDomain: merchant.domain,
      targetUrl: 'https://evil.example.com/phish',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ error: string }>().error).toMatch(
      /^body\.targetUrl: evil\.example\.com is not/,
    );

    const suspended = await buildMerchant(app, 'Gone Bad');
    await db()
      .updateTable('businesses')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.businessId)
      .execute();
    const refused = await shopper.post('/api/track/referral', {
      businessDomain: suspended.domain,
      targetUrl: `https://${suspended.domain}/`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false });
  });

  it('refuses cross-site calls, in the same shape', async () => {
    const call = { businessDomain: merchant.domain, targetUrl: `https://${merchant.domain}/` };
    const refusal = {
      success: false,
      error:
        "Referrals can be tracked only from ipick's own pages; this request came from another site.",
      code: 'forbidden',
    };
    const foreign = await browserSession(app).post('/api/track/referral', call, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(refusal);
    const fetched = await browserSession(app).post('/api/track/referral', call, {
      'sec-fetch-site': 'cross-site',
    });
    expect(fetched.statusCode).toBe(403);
    expect(fetched.json()).toEqual(refusal);

    // Other cookie routes keep their own refusal and shape.
    const login = await browserSession(app).post(
      '/api/auth/login',
      { email: 'a@example.com', password: 'a good long password' },
      { origin: 'https://evil.example' },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      error: 'Cross-site requests cannot change your account.',
      code: 'forbidden',
    });
  });

  it('answers success false for a body that is not JSON, unlike other routes', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/track/referral',
      headers: {
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        'content-type': 'application/json',
      },
      payload: '{"businessDomain":',
    });
    expect(broken.statusCode).toBe(400);
    const body = broken.json<{ success: boolean; error: string; code: string }>();
    expect(body).toMatchObject({ success: false, code: 'invalid_json' });
    expect(body.error).toMatch(/not valid JSON/);

    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        'content-type': 'application/json',
      },
      payload: '{"email":',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).not.toHaveProperty('success');
  });
});

describe('POST /api/track/event (spec §7)', () => {
  function sendEvent(
    body: unknown,
    options: { origin?: string | null; key?: string | null; asBeacon?: boolean } = {},
  ) {
    const origin = options.origin === undefined ? shop.origin : options.origin;
    const key = options.key === undefined ? publishableKey : options.key;
    const request: InjectOptions = {
      method: 'POST',
      url: options.asBeacon && key ? `/api/track/event?key=${key}` : '/api/track/event',
      headers: {
        ...(origin ? { origin } : {}),
        ...(key && !options.asBeacon ? { 'x-ipick-key': key } : {}),
        'content-type': options.asBeacon ? 'text/plain;charset=UTF-8' : 'application/json',
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    };
    return app.inject(request);
  }

  const pageView = () => ({
    eventType: 'page_view',
    businessDomain: merchant.domain,
    eventData: {
      timestamp: new Date().toISOString(),
      url: `${shop.origin}/p/kettle?ipick_ref=aff_x`,
      sessionId: 's-event-1',
      visitorId: 'v-event-1',
      referralId: 'aff_x',
    },
  });

  it('records an event from a verified origin with a publishable key', async () => {
    const response = await sendEvent(pageView());
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(shop.origin);
    expect(response.headers.vary).toContain('Origin');
    const { eventId } = response.json<{ success: true; eventId: string }>();
    const row = await db()
      .selectFrom('tracking_events')
      .selectAll()
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      business_id: merchant.businessId,
      event_type: 'page_view',
      session_id: 's-event-1',
      visitor_id: 'v-event-1',
      referral_id: 'aff_x',
    });
  });

  it("accepts what ipick's snippet sends (packages/tracker)", async () => {
    const response = await sendEvent(
      JSON.stringify({
        eventType: 'page_view',
        businessDomain: merchant.domain,
        eventData: {
          timestamp: new Date().toISOString(),
          url: `${shop.origin}/p/kettle?ipick_ref=aff_snippet_1&utm_source=ipick`,
          visitorId: '9f86d081884c7d659a2feaa0c55ad015',
          referralId: 'aff_snippet_1',
          utm: { source: 'ipick' },
          referrer: 'https://ipick.example/',
          title: 'Kettle 1.7 l',
        },
      }),
      { asBeacon: true },
    );
    expect(response.statusCode).toBe(200);
  });

  it('accepts sendBeacon: the key in the query and JSON sent as text/plain', async () => {
    const response = await sendEvent(JSON.stringify({ ...pageView(), eventType: 'add_to_cart' }), {
      asBeacon: true,
    });
    expect(response.statusCode).toBe(200);
    const keyInBody = await sendEvent({ ...pageView(), publishableKey }, { key: null });
    expect(keyInBody.statusCode).toBe(200);
    const broken = await sendEvent('{not json', { asBeacon: true });
    expect(broken.statusCode).toBe(400);
  });

  it('answers a CORS preflight only for verified origins', async () => {
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/track/event',
      headers: {
        origin: shop.origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-ipick-key',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(shop.origin);
    expect(allowed.headers['access-control-allow-headers']).toContain('x-ipick-key');
    const refused = await app.inject({
      method: 'OPTIONS',
      url: '/api/track/event',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a missing, unknown, secret or revoked key (401)', async () => {
    expect((await sendEvent(pageView(), { key: null })).statusCode).toBe(401);
    expect((await sendEvent(pageView(), { key: 'pk_live_nope' })).statusCode).toBe(401);
    const secret = await sendEvent(pageView(), { key: secretKey });
    expect(secret.statusCode).toBe(401);
    expect(secret.json<{ error: string }>().error).toMatch(/Secret keys must never be used/);

    const revoked = await createKey(merchant, 'publishable');
    await merchant.browser.delete(`/api/business/keys/${revoked.id}`);
    const response = await sendEvent(pageView(), { key: revoked.key });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: string }>().error).toBe('This API key has been revoked.');
  });

  it('refuses an origin that is not a verified domain of the business (403)', async () => {
    const wrong = await sendEvent(pageView(), { origin: 'https://evil.example' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['access-control-allow-origin']).toBeUndefined();
    // The business's own domain is not verified yet.
    expect((await sendEvent(pageView(), { origin: `https://${merchant.domain}` })).statusCode).toBe(
      403,
    );
    expect((await sendEvent(pageView(), { origin: null })).statusCode).toBe(403);
    // Another business's key from this (verified) origin.
    const other = await buildMerchant(app);
    const otherKey = await createKey(other, 'publishable');
    expect((await sendEvent(pageView(), { key: otherKey.key })).statusCode).toBe(403);
    // A domain of another business in the body.
    const foreign = await sendEvent({ ...pageView(), businessDomain: other.domain });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<{ error: string }>().error).toMatch(/^body\.businessDomain: /);
  });

  it("takes a businessDomain that is a subdomain of one of the business's domains", async () => {
    // A shop on localhost:3500 and on its own domain, both verified (a direct write stands in
    // for the verification check, which cannot reach these hosts).
    const owner = await buildMerchant(app);
    const { key } = await createKey(owner, 'publishable');
    for (const domain of ['localhost:3500', owner.domain]) {
      await db()
        .insertInto('business_domains')
        .values({
          id: randomUUID(),
          business_id: owner.businessId,
          domain,
          verification_token: 'ipick-subdomain-test',
          verified_at: new Date(),
        })
        .onConflict((conflict) =>
          conflict.columns(['business_id', 'domain']).doUpdateSet({ verified_at: new Date() }),
        )
        .execute();
    }
    const send = (origin: string, businessDomain: string) =>
      sendEvent({ eventType: 'page_view', businessDomain, eventData: {} }, { origin, key });

    const accepted: [string, string][] = [
      ['http://sub.localhost:3500', 'sub.localhost:3500'],
      ['http://localhost:3500', 'localhost:3500'],
      [`https://sub.${owner.domain}`, `sub.${owner.domain}`],
      [`https://www.shop.${owner.domain}`, `https://www.shop.${owner.domain}/checkout`],
      [`https://${owner.domain}`, `deep.sub.${owner.domain}`],
    ];
    for (const [origin, businessDomain] of accepted) {
      const response = await send(origin, businessDomain);
      expect(response.statusCode, `${origin} ${businessDomain}: ${response.body}`).toBe(200);
      const { eventId } = response.json<{ eventId: string }>();
      const row = await db()
        .selectFrom('tracking_events')
        .select('business_id')
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      expect(row.business_id).toBe(owner.businessId);
    }

    // A name that only ends like the shop's is no subdomain of it; nor is another shop.
    const lookalike = await send(`https://sub.${owner.domain}`, `evil${owner.domain}`);
    expect(lookalike.statusCode).toBe(403);
    expect(lookalike.json<{ error: string }>().error).toBe(
      `body.businessDomain: evil${owner.domain} is not a domain of this key's business`,
    );
    const otherShop = await send(`https://sub.${owner.domain}`, `sub.${merchant.domain}`);
    expect(otherShop.statusCode).toBe(403);
  });

  it("takes events from ipick's own tracking test page as test events that count nowhere", async () => {
    // A new merchant: no verified domain, so its shop could not send events yet.
    const newcomer = await buildMerchant(app);
    const { key } = await createKey(newcomer, 'publishable');
    const fromIpick = (body: unknown, origin = 'https://ipick.test') =>
      app.inject({
        method: 'POST',
        url: '/api/track/event',
        headers: { host: 'ipick.test', origin, 'x-ipick-key': key },
        payload: body as object,
      });
    const view = await fromIpick({
      eventType: 'page_view',
      businessDomain: newcomer.domain,
      eventData: { url: 'https://ipick.test/tracking-test', referralId: 'aff_test_1_x' },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ success: true, test: true });
    const orderId = `test-${Date.now()}`;
    const purchase = await fromIpick({
      eventType: 'purchase',
      businessDomain: newcomer.domain,
      eventData: { orderId, amountMinor: 4999, currency: 'USD' },
    });
    expect(purchase.statusCode).toBe(200);
    const answer = purchase.json<Record<string, unknown>>();
    expect(answer).toMatchObject({ success: true, test: true });
    expect(answer).not.toHaveProperty('conversion');

    // A test purchase is no sale.
    const sales = await db()
      .selectFrom('conversions')
      .select('id')
      .where('business_id', '=', newcomer.businessId)
      .execute();
    expect(sales).toEqual([]);
    // The live list shows both, marked; the dashboard does not count them. The page view's
    // referral id is no click ipick recorded, so it is not attributed.
    const { events } = (await newcomer.browser.get('/api/business/events')).json<{
      events: { eventType: string; isTest: boolean; attributed: boolean }[];
    }>();
    expect(events).toMatchObject([
      { eventType: 'purchase', isTest: true, attributed: false },
      { eventType: 'page_view', isTest: true, attributed: false },
    ]);
    const summary = await newcomer.browser.get('/api/business/dashboard/summary');
    expect(summary.json<{ hasData: boolean }>().hasData).toBe(false);
    const activity = await newcomer.browser.get('/api/business/dashboard/activity');
    expect(activity.json<{ items: unknown[] }>().items).toEqual([]);
    const status = await newcomer.browser.get('/api/business/integration/status');
    expect(status.json()).toMatchObject({
      firstLiveEventAt: null,
      lastLiveEvent: null,
      lastTestEvent: { eventType: 'purchase' },
    });

    // A site whose name only starts like ipick's is not ipick.
    const lookalike = await fromIpick(
      { eventType: 'page_view', businessDomain: newcomer.domain, eventData: {} },
      'https://ipick.test.evil.example',
    );
    expect(lookalike.statusCode).toBe(403);
  });

  it('names the bad field (400), readable by the shop', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...pageView(), eventType: '' }, /^body\.eventType: /],
      [{ ...pageView(), eventType: 'x'.repeat(65) }, /^body\.eventType: /],
      [{ ...pageView(), eventType: '<script>' }, /^body\.eventType: /],
      [{ ...pageView(), businessDomain: undefined }, /^body\.businessDomain: /],
      [{ ...pageView(), eventData: { timestamp: 'yesterday' } }, /^body\.eventData\.timestamp: /],
      [{ ...pageView(), eventData: { clickId: 'nope' } }, /^body\.eventData\.clickId: /],
      [{ ...pageView(), eventData: { blob: 'x'.repeat(9000) } }, /^body\.eventData: /],
      [
        { ...pageView(), eventType: 'purchase', eventData: { orderId: 'o-1' } },
        /^body\.eventData\.amountMinor: .*body\.eventData\.currency: /,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await sendEvent(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
      expect(response.headers['access-control-allow-origin']).toBe(shop.origin);
    }
  });

  it('keeps custom events and records a purchase as a sale once per order id', async () => {
    const custom = await sendEvent({ ...pageView(), eventType: 'newsletter signup' });
    expect(custom.statusCode).toBe(200);

    const orderId = `web-${Date.now()}`;
    const purchase = {
      eventType: 'purchase',
      businessDomain: shop.domain,
      eventData: {
        orderId,
        amountMinor: 4999,
        currency: 'eur',
        referralId: 'aff_x',
        visitorId: 'v-event-1',
        items: [{ sku: 'K-1', quantity: 1 }],
      },
    };
    const first = await sendEvent(purchase);
    expect(first.statusCode).toBe(200);
    const body = first.json<{ conversion: { id: string; duplicate: boolean } }>();
    expect(body.conversion.duplicate).toBe(false);
    const again = await sendEvent(purchase);
    expect(again.json<{ conversion: { id: string; duplicate: boolean } }>().conversion).toEqual({
      id: body.conversion.id,
      duplicate: true,
    });
    const sales = await db()
      .selectFrom('conversions')
      .selectAll()
      .where('business_id', '=', merchant.businessId)
      .where('order_id', '=', orderId)
      .execute();
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      kind: 'sale',
      amount_minor: 4999,
      currency: 'EUR',
      source: 'browser',
      referral_id: 'aff_x',
    });
  });

  it('keeps a plausible page time and replaces an implausible one', async () => {
    const yesterday = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const past = await sendEvent({ ...pageView(), eventData: { timestamp: yesterday } });
    const future = await sendEvent({
      ...pageView(),
      eventData: { timestamp: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const rows = await db()
      .selectFrom('tracking_events')
      .select(['id', 'occurred_at', 'received_at'])
      .where('id', 'in', [
        past.json<{ eventId: string }>().eventId,
        future.json<{ eventId: string }>().eventId,
      ])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(past.json<{ eventId: string }>().eventId)!.occurred_at.toISOString()).toBe(
      yesterday,
    );
    const late = byId.get(future.json<{ eventId: string }>().eventId)!;
    expect(late.occurred_at.getTime()).toBe(late.received_at.getTime());
  });
});

describe('POST /api/conversions', () => {
  function convert(
    body: unknown,
    key: string | null = secretKey,
    headers: Record<string, string> = {},
  ) {
    return app.inject({
      method: 'POST',
      url: '/api/conversions',
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      payload: body as object,
    });
  }

  it('records a sale once per order id; the same sale again is 200 with duplicate: true', async () => {
    const orderId = `order-${Date.now()}`;
    const sale = {
      kind: 'sale',
      orderId,
      amountMinor: 12_500,
      currency: 'usd',
      referralId: 'aff_server',
      visitorId: 'v-server',
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const first = await convert(sale);
    expect(first.statusCode).toBe(201);
    const created = first.json<{ duplicate: boolean; conversion: Record<string, unknown> }>();
    expect(created).toMatchObject({
      duplicate: false,
      conversion: {
        kind: 'sale',
        orderId,
        amountMinor: 12_500,
        currency: 'USD',
        referralId: 'aff_server',
        source: 'server',
      },
    });
    // A retry (later, with other ids) is the same sale.
    const repeat = await convert({ ...sale, occurredAt: undefined, visitorId: 'v-other' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ duplicate: true, conversion: created.conversion });
    const count = await db()
      .selectFrom('conversions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(1);
  });

  it('refuses the same order id sent again with another amount or currency (409)', async () => {
    const orderId = `A1-${Date.now()}`;
    const sale = { kind: 'sale', orderId, amountMinor: 1000, currency: 'USD' };
    expect((await convert(sale)).statusCode).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ amountMinor: 5000, currency: 'EUR' }, '50.00 EUR'],
      [{ amountMinor: 1001 }, '10.01 USD'],
      [{ currency: 'GBP' }, '10.00 GBP'],
    ];
    for (const [change, says] of cases) {
      const response = await convert({ ...sale, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json()).toEqual({
        error: `body.orderId: ${orderId} was already recorded as a sale of 10.00 USD; this one says ${says}`,
        code: 'conflict',
      });
    }
    // A sale the shop's page reported first, sent again by its server: the same, or not.
    const fromPage = `web-${Date.now()}`;
    const page = await app.inject({
      method: 'POST',
      url: '/api/track/event',
      headers: { origin: shop.origin, 'x-ipick-key': publishableKey },
      payload: {
        eventType: 'purchase',
        businessDomain: shop.domain,
        eventData: { orderId: fromPage, amountMinor: 4999, currency: 'EUR' },
      },
    });
    expect(page.statusCode).toBe(200);
    const same = await convert({
      kind: 'sale',
      orderId: fromPage,
      amountMinor: 4999,
      currency: 'eur',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ duplicate: true, conversion: { source: 'browser' } });
    const other = await convert({
      kind: 'sale',
      orderId: fromPage,
      amountMinor: 499,
      currency: 'EUR',
    });
    expect(other.statusCode).toBe(409);

    // Nothing new was stored.
    const rows = await db()
      .selectFrom('conversions')
      .select(['amount_minor', 'currency'])
      .where('business_id', '=', merchant.businessId)
      .where('order_id', 'in', [orderId, fromPage])
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('records leads without an amount, or with an amount and its currency', async () => {
    const response = await convert({ kind: 'lead', orderId: `signup-${Date.now()}` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ conversion: { kind: 'lead', amountMinor: 0 } });

    const orderId = `signup-valued-${Date.now()}`;
    const noCurrency = await convert({ kind: 'lead', orderId, amountMinor: 500 });
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json()).toEqual({
      error: 'body.currency: a lead with amountMinor needs currency',
      code: 'invalid_request',
    });
    const valued = { kind: 'lead', orderId, amountMinor: 500, currency: 'usd' };
    expect((await convert(valued)).statusCode).toBe(201);
    expect((await convert(valued)).statusCode).toBe(200);
    const unvalued = await convert({ kind: 'lead', orderId });
    expect(unvalued.statusCode).toBe(409);
    expect(unvalued.json<{ error: string }>().error).toBe(
      `body.orderId: ${orderId} was already recorded as a lead of 5.00 USD; this one has no amount`,
    );
    const row = await db()
      .selectFrom('conversions')
      .select(['amount_minor', 'currency'])
      .where('business_id', '=', merchant.businessId)
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_minor: 500, currency: 'USD' });
  });

  it('records a refund against its sale, inheriting its ids, and refuses unknown orders', async () => {
    const orderId = `refund-${Date.now()}`;
    await convert({
      kind: 'sale',
      orderId,
      amountMinor: 3000,
      currency: 'USD',
      clickId: undefined,
      referralId: 'aff_refund',
    });
    const unknown = await convert({
      kind: 'refund',
      orderId: 'never-sold',
      amountMinor: 1,
      currency: 'USD',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toBe(
      'body.orderId: there is no sale with order id never-sold',
    );
    const tooMuch = await convert({ kind: 'refund', orderId, amountMinor: 3001, currency: 'USD' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ error: string }>().error).toBe(
      `body.amountMinor: 30.01 USD is more than the 30.00 USD left to refund of order ${orderId} (a sale of 30.00 USD)`,
    );
    const otherCurrency = await convert({
      kind: 'refund',
      orderId,
      amountMinor: 100,
      currency: 'EUR',
    });
    expect(otherCurrency.json<{ error: string }>().error).toBe(
      `body.currency: the sale of order ${orderId} was in USD`,
    );

    const refund = await convert({ kind: 'refund', orderId, amountMinor: 1000, currency: 'USD' });
    expect(refund.statusCode).toBe(201);
    expect(refund.json()).toMatchObject({
      conversion: { kind: 'refund', amountMinor: 1000, referralId: 'aff_refund' },
    });
    expect(
      (await convert({ kind: 'refund', orderId, amountMinor: 1000, currency: 'USD' })).statusCode,
    ).toBe(200);
  });

  it('refunds an order in parts, each with its own refundId, up to the sale', async () => {
    const orderId = `parts-${Date.now()}`;
    const sale = { kind: 'sale', orderId, amountMinor: 1000, currency: 'USD' };
    expect((await convert({ ...sale, referralId: 'aff_parts' })).statusCode).toBe(201);
    const refund = (refundId: string, amountMinor: number) =>
      convert({ kind: 'refund', orderId, refundId, amountMinor, currency: 'USD' });

    const first = await refund('R1', 300);
    expect(first.statusCode).toBe(201);
    const recorded = first.json<{ conversion: Record<string, unknown> }>().conversion;
    expect(recorded).toMatchObject({ kind: 'refund', refundId: 'R1', referralId: 'aff_parts' });
    expect((await refund('R2', 200)).statusCode).toBe(201);

    // Resending a refund is idempotent; the same refund id with another amount is a mistake.
    const retry = await refund('R1', 300);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ duplicate: true, conversion: recorded });
    const changed = await refund('R1', 250);
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ error: string }>().error).toBe(
      `body.refundId: R1 of order ${orderId} was already recorded as a refund of 3.00 USD; this one says 2.50 USD`,
    );

    // 5.00 of the sale's 10.00 is left.
    const tooMuch = await refund('R3', 600);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ error: string }>().error).toBe(
      `body.amountMinor: 6.00 USD is more than the 5.00 USD left to refund of order ${orderId} ` +
        '(a sale of 10.00 USD, 5.00 USD refunded already)',
    );
    expect((await refund('R3', 500)).statusCode).toBe(201);
    const afterAll = await refund('R4', 1);
    expect(afterAll.statusCode).toBe(400);
    expect(afterAll.json<{ error: string }>().error).toBe(
      `body.amountMinor: order ${orderId} (a sale of 10.00 USD) is refunded in full already; nothing is left to refund`,
    );
    // A retry of a refund that used up the sale is still a duplicate, not "too much".
    expect((await refund('R3', 500)).statusCode).toBe(200);

    const rows = await db()
      .selectFrom('conversions')
      .select(['refund_id', 'amount_minor'])
      .where('business_id', '=', merchant.businessId)
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refund')
      .orderBy('refund_id')
      .execute();
    expect(rows).toEqual([
      { refund_id: 'R1', amount_minor: 300 },
      { refund_id: 'R2', amount_minor: 200 },
      { refund_id: 'R3', amount_minor: 500 },
    ]);
  });

  it('keeps one refund per order for refunds sent without a refundId', async () => {
    const orderId = `one-refund-${Date.now()}`;
    await convert({ kind: 'sale', orderId, amountMinor: 1000, currency: 'USD' });
    const refund = { kind: 'refund', orderId, amountMinor: 300, currency: 'USD' };
    const first = await convert(refund);
    expect(first.statusCode).toBe(201);
    expect(first.json<{ conversion: object }>().conversion).not.toHaveProperty('refundId');
    expect((await convert(refund)).json()).toMatchObject({ duplicate: true });

    const second = await convert({ ...refund, amountMinor: 200 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error:
        `body.orderId: order ${orderId} already has a refund of 3.00 USD; this one says 2.00 USD. ` +
        'To record another refund of the order, send a refundId (your own id of the refund) with each refund.',
      code: 'conflict',
    });
    // With a refund id it is another refund.
    expect((await convert({ ...refund, amountMinor: 200, refundId: 'R-2' })).statusCode).toBe(201);
  });

  it('lets refunds racing for the rest of a sale through only as far as it goes', async () => {
    const orderId = `race-${Date.now()}`;
    await convert({ kind: 'sale', orderId, amountMinor: 1000, currency: 'USD' });
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((index) =>
        convert({
          kind: 'refund',
          orderId,
          refundId: `R${index}`,
          amountMinor: 300,
          currency: 'USD',
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      201, 201, 201, 400, 400,
    ]);
    const { refunded } = await db()
      .selectFrom('conversions')
      .select((eb) => eb.fn.sum<string>('amount_minor').as('refunded'))
      .where('business_id', '=', merchant.businessId)
      .where('order_id', '=', orderId)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    expect(Number(refunded)).toBe(900);
  });

  it('names the bad field (400)', async () => {
    const cases: [unknown, RegExp][] = [
      [{ kind: 'gift', orderId: 'x' }, /^body\.kind: /],
      [{ kind: 'sale', orderId: '' }, /^body\.orderId: /],
      [{ kind: 'sale', orderId: 'x', currency: 'USD' }, /^body\.amountMinor: /],
      [{ kind: 'sale', orderId: 'x', amountMinor: 10 }, /^body\.currency: /],
      [{ kind: 'sale', orderId: 'x', amountMinor: 1.5, currency: 'USD' }, /^body\.amountMinor: /],
      [{ kind: 'sale', orderId: 'x', amountMinor: -1, currency: 'USD' }, /^body\.amountMinor: /],
      [{ kind: 'sale', orderId: 'x', amountMinor: 1, currency: 'dollars' }, /^body\.currency: /],
      // Three letters, but no currency: a typo would be a currency of its own in every figure.
      [
        { kind: 'sale', orderId: 'x', amountMinor: 1, currency: 'uss' },
        /^body\.currency: USS is not an ISO 4217 currency code; use one such as USD$/,
      ],
      [
        { kind: 'lead', orderId: 'x', amountMinor: 1, currency: 'XYZ' },
        /^body\.currency: XYZ is not an ISO 4217 currency code/,
      ],
      [{ kind: 'lead', orderId: 'x', clickId: 'abc' }, /^body\.clickId: /],
      [{ kind: 'lead', orderId: 'x', occurredAt: 'soon' }, /^body\.occurredAt: /],
      [
        { kind: 'lead', orderId: 'x', occurredAt: '2026-03-01T12:00:00' },
        /^body\.occurredAt: must be an ISO 8601 time with its time zone, e\.g\. 2026-03-01T12:00:00Z$/,
      ],
      [
        { kind: 'sale', orderId: 1001, amountMinor: 1, currency: 'USD' },
        /^body\.orderId: must be a string, e\.g\. "1001" in quotes$/,
      ],
      [{ kind: 'sale', amountMinor: 1, currency: 'USD' }, /^body\.orderId: add the order id$/],
      [{ kind: 'lead', orderId: 'x', amountMinor: 100 }, /^body\.currency: a lead with/],
      [{ kind: 'refund', orderId: 'x', amountMinor: 0, currency: 'USD' }, /^body\.amountMinor: /],
      [
        {
          kind: 'refund',
          orderId: 'x',
          refundId: 'r'.repeat(201),
          amountMinor: 1,
          currency: 'USD',
        },
        /^body\.refundId: must be at most 200 characters/,
      ],
      [
        { kind: 'refund', orderId: 'x', refundId: '  ', amountMinor: 1, currency: 'USD' },
        /^body\.refundId: /,
      ],
      [
        { kind: 'sale', orderId: 'x', refundId: 'R1', amountMinor: 1, currency: 'USD' },
        /^body\.refundId: only a refund has a refundId/,
      ],
      [
        { kind: 'lead', orderId: 'x', occurredAt: new Date(Date.now() + 3_600_000).toISOString() },
        /^body\.occurredAt: must not be in the future$/,
      ],
      [
        {
          kind: 'lead',
          orderId: 'x',
          occurredAt: new Date(Date.now() - 401 * 86_400_000).toISOString(),
        },
        /^body\.occurredAt: must be within the last 400 days$/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await convert(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(message);
    }
    expect(
      (await convert({ kind: 'refund', orderId: 'x', amountMinor: 0, currency: 'USD' })).json(),
    ).toEqual({ error: 'body.amountMinor: a refund must be more than 0', code: 'invalid_request' });
  });

  it('says a body that is not sent as JSON must be', async () => {
    const lead = JSON.stringify({ kind: 'lead', orderId: `plain-${Date.now()}` });
    const asText = await app.inject({
      method: 'POST',
      url: '/api/conversions',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'text/plain' },
      payload: lead,
    });
    const bare = await app.inject({
      method: 'POST',
      url: '/api/conversions',
      headers: { authorization: `Bearer ${secretKey}` },
    });
    for (const response of [asText, bare]) {
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: 'body: must be JSON sent with Content-Type: application/json',
        code: 'unsupported_media_type',
      });
    }
    const asJson = await app.inject({
      method: 'POST',
      url: '/api/conversions',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/json; charset=utf-8',
      },
      payload: lead,
    });
    expect(asJson.statusCode).toBe(201);
  });

  it('needs a valid secret key (401) of an active business, from a server', async () => {
    const lead = { kind: 'lead', orderId: `l-${Date.now()}` };
    expect((await convert(lead, null)).statusCode).toBe(401);
    expect((await convert(lead, 'sk_live_unknown')).statusCode).toBe(401);
    expect((await convert(lead, publishableKey)).statusCode).toBe(401);
    const fromPage = await convert(lead, secretKey, { origin: shop.origin });
    expect(fromPage.statusCode).toBe(403);

    const gone = await buildMerchant(app);
    const goneKey = await createKey(gone, 'secret');
    await db()
      .updateTable('businesses')
      .set({ status: 'suspended' })
      .where('id', '=', gone.businessId)
      .execute();
    expect((await convert(lead, goneKey.key)).statusCode).toBe(403);
  });

  it('takes the refunds of a suspended business, and nothing else from it', async () => {
    const gone = await buildMerchant(app);
    const goneKey = await createKey(gone, 'secret');
    const orderId = `s-${Date.now()}`;
    const sale = { kind: 'sale', orderId, amountMinor: 4000, currency: 'USD' };
    expect((await convert(sale, goneKey.key)).statusCode).toBe(201);
    await db()
      .updateTable('businesses')
      .set({ status: 'suspended' })
      .where('id', '=', gone.businessId)
      .execute();
    const refund = await convert({ ...sale, kind: 'refund', amountMinor: 1500 }, goneKey.key);
    expect(refund.statusCode).toBe(201);
    const another = await convert({ ...sale, orderId: `${orderId}-2` }, goneKey.key);
    expect(another.statusCode).toBe(403);
    expect(another.json<{ error: string }>().error).toBe('This business is suspended on ipick.');
  });

  it("keeps businesses' order ids apart", async () => {
    const orderId = `shared-${Date.now()}`;
    const other = await buildMerchant(app);
    const otherKey = await createKey(other, 'secret');
    const sale = { kind: 'sale', orderId, amountMinor: 100, currency: 'USD' };
    expect((await convert(sale)).statusCode).toBe(201);
    expect((await convert(sale, otherKey.key)).statusCode).toBe(201);
    // A refund of the other business's sale is not this business's to make.
    const third = await buildMerchant(app);
    const thirdKey = await createKey(third, 'secret');
    expect((await convert({ ...sale, kind: 'refund' }, thirdKey.key)).statusCode).toBe(404);
  });
});

describe('GET /tracker.js', () => {
  it('serves the snippet as JavaScript for any site, cached and revalidated', async () => {
    const response = await app.inject({ method: 'GET', url: '/tracker.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(
      'public, max-age=3600, stale-while-revalidate=86400',
    );
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toContain('ipickLoaded');
    const etag = response.headers.etag as string;
    const again = await app.inject({
      method: 'GET',
      url: '/tracker.js',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    // A rebuild is served without a restart.
    await writeFile(join(scriptDir, 'tracker.js'), '(()=>{window.ipickLoaded=22})();\n');
    const rebuilt = await app.inject({
      method: 'GET',
      url: '/tracker.js',
      headers: { 'if-none-match': etag },
    });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toContain('ipickLoaded=22');
  });

  it('is a JSON 404 while the snippet is not built', async () => {
    await rm(join(scriptDir, 'tracker.js'));
    try {
      const response = await app.inject({ method: 'GET', url: '/tracker.js' });
      expect(response.statusCode).toBe(404);
    } finally {
      await writeFile(join(scriptDir, 'tracker.js'), '(()=>{})();\n');
    }
  });
});
