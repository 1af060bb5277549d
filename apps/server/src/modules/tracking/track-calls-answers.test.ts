import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// How the tracking calls answer what a shop's page or ipick's web app gets wrong: the answer
// reaches the page, and it says what to change.

let testDb: TestDatabase;
let app: FastifyInstance;
let shop: FixtureShop;
let merchant: Merchant;
let publishableKey: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb, { fetchAllowPrivate: true });
  shop = await startFixtureShop();
  merchant = await buildMerchant(app);
  await verifyShop(merchant, shop);
  publishableKey = (await createKey(merchant, 'publishable')).key;
});
afterAll(async () => {
  await app?.close();
  await shop?.server.close();
  await testDb?.dispose();
});

/** A beacon from the shop's page, as ipick's snippet sends it. */
function beacon(payload: string, { key = publishableKey, contentType = 'text/plain' } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/track/event?key=${key}`,
    headers: { origin: shop.origin, 'content-type': contentType },
    payload,
  });
}

const pageView = () =>
  JSON.stringify({ eventType: 'page_view', businessDomain: merchant.domain, eventData: {} });

describe("answers to the snippet's beacons", () => {
  it("may be read by the shop's page: accepted, refused, too large and preflighted", async () => {
    // sendBeacon fetches without CORS: `Cross-Origin-Resource-Policy: same-origin` (ipick's
    // default) would have the browser block each answer and log an error in the shop's console.
    const answers = [
      await beacon(pageView()),
      await beacon(pageView(), { key: 'pk_live_unknown' }),
      await beacon('{"eventType":'),
      await beacon(JSON.stringify({ blob: 'x'.repeat(20_000) })),
      await app.inject({
        method: 'OPTIONS',
        url: '/api/track/event',
        headers: { origin: shop.origin, 'access-control-request-method': 'POST' },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 400, 413, 204]);
    for (const answer of answers) {
      expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('say how large an event may be, and that the body is JSON', async () => {
    const tooLarge = await beacon(JSON.stringify({ blob: 'x'.repeat(20_000) }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      error: 'body: must be at most 16 KB',
      code: 'payload_too_large',
    });

    const form = await beacon('eventType=page_view', {
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({
      error:
        'body: must be JSON sent with Content-Type: application/json, not application/x-www-form-urlencoded',
      code: 'unsupported_media_type',
    });
  });
});

describe('POST /api/track/referral', () => {
  it('says how large a body may be and that it is JSON, in its success-false shape', async () => {
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/api/track/referral',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ productName: 'x'.repeat(1_100_000) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      success: false,
      error: 'body: must be at most 1 MB',
      code: 'payload_too_large',
    });

    const form = await app.inject({
      method: 'POST',
      url: '/api/track/referral',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({
      success: false,
      error: 'body: must be JSON sent with Content-Type: application/json, not multipart/form-data',
      code: 'unsupported_media_type',
    });
  });
});
