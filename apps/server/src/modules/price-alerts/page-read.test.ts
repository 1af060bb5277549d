import type { IncomingMessage, ServerResponse } from 'node:http';
import { priceAlertsResponseSchema, type PriceAlert } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import {
  startFixtureHttpServer,
  type FixtureHttpServer,
} from '../../../test/fixture-http-server.ts';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

// Issue 19: a page read (a shopper pasting a shop's product page) that lowers the price of an
// offer someone watches fires their alert, as an import does: one email per drop.

type Browser = ReturnType<typeof browserSession>;

let testDb: TestDatabase;
let app: FastifyInstance;
let inbox: SmtpInbox;
let shop: FixtureHttpServer;
/** What the shop's kettle page asks today, in dollars. */
let price = '149.95';

/** The kettle's product page, the same item (SKU) at any of the shop's addresses. */
function kettlePage(): string {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Breville Smart Kettle Pure',
    brand: { '@type': 'Brand', name: 'Breville' },
    sku: 'BKE830',
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
  };
  return `<!doctype html><html><head><title>${product.name}</title>
    <script type="application/ld+json">${JSON.stringify(product)}</script></head>
    <body><h1>${product.name}</h1><p>$${price}</p></body></html>`;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  const serve = (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(kettlePage());
  };
  shop = await startFixtureHttpServer({
    '/products/bke830': serve,
    '/sale/bke830': serve,
    '/kitchen/kettles/bke830': serve,
  });
  // Private addresses are fetched only because the shop runs on loopback.
  app = await buildTestApp(testDb, { smtpUrl: inbox.url, fetchAllowPrivate: true });
});
afterAll(async () => {
  await app?.close();
  await inbox?.close();
  await shop?.close();
  await testDb?.dispose();
});

async function paste(browser: Browser, path: string): Promise<void> {
  const response = await browser.post('/api/compare', { url: shop.url(path) });
  expect(response.statusCode, response.body).toBe(200);
}

async function alertsOf(browser: Browser): Promise<PriceAlert[]> {
  const response = await browser.get('/api/price-alerts');
  expect(response.statusCode).toBe(200);
  return priceAlertsResponseSchema.parse(response.json()).items;
}

describe('when a page read lowers the price', () => {
  it('sends the watching shopper one email per drop, with the tracked link', async () => {
    const browser = browserSession(app);
    const email = `reader${Date.now()}@example.com`;
    const registered = await browser.post('/api/auth/register', {
      email,
      password: 'a good long password',
    });
    expect(registered.statusCode).toBe(200);
    expect((await inbox.waitForMail(email)).subject).toContain('Confirm your email');

    // The shopper compares the kettle's page: ipick reads it into its catalog, and they watch it.
    await paste(browser, '/products/bke830');
    const offer = await testDb.database.db
      .selectFrom('offers')
      .select(['id', 'price_minor'])
      .where('retailer_product_id', '=', 'bke830')
      .executeTakeFirstOrThrow();
    expect(Number(offer.price_minor)).toBe(14995);
    const made = await browser.post('/api/price-alerts', { offerId: offer.id, targetMinor: 12000 });
    expect(made.statusCode).toBe(201);

    // Someone pastes the same kettle from the shop's sale page, now cheaper: the read reprices
    // the offer, and the alert fires.
    price = '110.00';
    await paste(browserSession(app), '/sale/bke830');
    const first = await inbox.waitForMail(email);
    expect(first.subject).toContain('is now $110.00');
    expect(extractLink(first.text, '/api/redirect').searchParams.get('offer')).toBe(offer.id);
    expect(extractLink(first.text, '/alerts/unsubscribe').searchParams.get('token')).toBeTruthy();
    expect((await alertsOf(browser))[0]).toMatchObject({
      isArmed: false,
      fireCount: 1,
      lastFiredTotalMinor: 11000,
    });

    // Read again, lower but still under the mark: no second email (the next one proves it).
    price = '105.00';
    await paste(browserSession(app), '/kitchen/kettles/bke830');
    // Back above the mark, then under it again: a new drop, a new email.
    price = '125.00';
    await paste(browserSession(app), '/products/bke830');
    price = '99.00';
    await paste(browserSession(app), '/sale/bke830');
    const second = await inbox.waitForMail(email);
    expect(second.subject).toContain('is now $99.00');
    const drops = inbox.messages.filter(
      (message) => message.to === email && message.subject.startsWith('Price drop'),
    );
    expect(drops.map((message) => message.subject)).toEqual([first.subject, second.subject]);
    expect((await alertsOf(browser))[0]).toMatchObject({ fireCount: 2, lastFiredTotalMinor: 9900 });
  });
});
