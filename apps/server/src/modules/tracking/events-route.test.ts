import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildMerchant, type Merchant } from './tracking-test-kit.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let merchant: Merchant;
let other: Merchant;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb);
  merchant = await buildMerchant(app);
  other = await buildMerchant(app, 'Other Shop');
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function buildEvent(
  businessId: string,
  overrides: { eventType?: string; receivedAt: Date; referralId?: string },
) {
  await testDb.database.db
    .insertInto('tracking_events')
    .values({
      id: randomUUID(),
      business_id: businessId,
      event_type: overrides.eventType ?? 'page_view',
      event_data: JSON.stringify({ orderId: 'A1' }),
      occurred_at: overrides.receivedAt,
      received_at: overrides.receivedAt,
      session_id: 's1',
      user_id: null,
      url: 'https://shop.example/cart',
      referral_id: overrides.referralId ?? null,
      click_id: null,
      visitor_id: null,
    })
    .execute();
}

describe('GET /api/business/events', () => {
  it('needs a business session', async () => {
    const response = await app.inject({ url: '/api/business/events' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a bad limit', async () => {
    const response = await merchant.browser.get('/api/business/events?limit=0');
    expect(response.statusCode).toBe(400);
  });

  it("lists the business's own events, newest first, up to the limit", async () => {
    // ipick sent a shopper with the referral id aff_shop_1_x; the shop made aff_bogus_1_x up.
    const tracked = await app.inject({
      method: 'POST',
      url: '/api/track/referral',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      payload: {
        referralId: 'aff_shop_1_x',
        businessDomain: merchant.domain,
        targetUrl: `https://${merchant.domain}/p/kettle`,
      },
    });
    expect(tracked.json()).toMatchObject({ success: true });
    await buildEvent(merchant.businessId, {
      receivedAt: new Date('2025-01-01T09:00:00Z'),
      referralId: 'aff_bogus_1_x',
    });
    await buildEvent(merchant.businessId, { receivedAt: new Date('2025-01-01T10:00:00Z') });
    await buildEvent(merchant.businessId, {
      eventType: 'purchase',
      receivedAt: new Date('2025-01-01T11:00:00Z'),
      referralId: 'aff_shop_1_x',
    });
    await buildEvent(other.businessId, { receivedAt: new Date('2025-01-01T12:00:00Z') });

    const response = await merchant.browser.get('/api/business/events?limit=50');
    expect(response.statusCode).toBe(200);
    const { events } = response.json<{ events: Record<string, unknown>[] }>();
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      eventType: 'purchase',
      eventData: { orderId: 'A1' },
      receivedAt: '2025-01-01T11:00:00.000Z',
      url: 'https://shop.example/cart',
      referralId: 'aff_shop_1_x',
      attributed: true,
    });
    expect(events[1]).toMatchObject({ eventType: 'page_view', attributed: false });
    expect(events[2]).toMatchObject({ referralId: 'aff_bogus_1_x', attributed: false });

    const one = await merchant.browser.get('/api/business/events?limit=1');
    expect(one.json<{ events: unknown[] }>().events).toHaveLength(1);
  });
});
