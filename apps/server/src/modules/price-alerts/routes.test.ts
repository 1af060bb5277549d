import {
  PRICE_ALERTS_LIMIT,
  priceAlertSchema,
  priceAlertsResponseSchema,
  type PriceAlert,
} from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

type Browser = ReturnType<typeof browserSession>;

let testDb: TestDatabase;
let app: FastifyInstance;
let inbox: SmtpInbox;

beforeAll(async () => {
  testDb = await createTestDatabase();
  inbox = await startSmtpInbox();
  app = await buildTestApp(testDb, { smtpUrl: inbox.url });
});
afterAll(async () => {
  await app?.close();
  await inbox?.close();
  await testDb?.dispose();
});

let counter = 0;
const stamp = () => `${Date.now()}${++counter}`;

/** A merchant whose feed puts offers in the catalog, imported like any shop's. */
async function merchantShop() {
  const domain = `kettles${stamp()}.example.com`;
  const merchant = browserSession(app);
  const response = await merchant.post('/api/business/auth/register', {
    name: 'Kettle World',
    domain,
    email: `merchant${stamp()}@example.com`,
    password: 'merchant password 1',
  });
  expect(response.statusCode).toBe(200);
  // Approved, as an admin would, so its feed may be imported and its offers listed.
  await testDb.database.db
    .updateTable('businesses')
    .set({ status: 'active' })
    .where('domain', '=', domain)
    .execute();

  /** Imports a feed of `rows` (id and price in dollars) and waits until it is written. */
  async function importPrices(rows: [id: string, dollars: string][]) {
    const csv = [
      'id,title,link,price,availability,brand',
      ...rows.map(
        ([id, dollars]) =>
          `${id},"Breville Smart Kettle ${id}",https://${domain}/products/${id},${dollars} USD,in stock,Breville`,
      ),
    ].join('\n');
    const form = new FormData();
    form.append('feed', new Blob([csv]), 'feed.csv');
    const upload = await merchant.post('/api/business/catalog/feeds', form);
    expect(upload.statusCode, upload.body).toBe(202);
    const { importId } = upload.json<{ importId: string }>();
    for (let attempt = 0; attempt < 200; attempt++) {
      const report = await merchant.get(`/api/business/catalog/feeds/${importId}`);
      const { status } = report.json<{ status: string }>();
      if (status === 'completed') return;
      expect(status).toBe('running');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the feed import did not finish');
  }

  async function offerId(id: string): Promise<string> {
    const row = await testDb.database.db
      .selectFrom('offers')
      .select('id')
      .where('url', '=', `https://${domain}/products/${id}`)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return { domain, importPrices, offerId };
}

/** A new shopper, signed in through the real registration. */
async function signedInShopper(): Promise<{ browser: Browser; email: string }> {
  const browser = browserSession(app);
  const email = `shopper${stamp()}@example.com`;
  const response = await browser.post('/api/auth/register', {
    email,
    password: 'a good long password',
  });
  expect(response.statusCode).toBe(200);
  // Registration sends the address's confirmation first; alerts come after it.
  expect((await inbox.waitForMail(email)).subject).toContain('Confirm your email');
  return { browser, email };
}

async function alertsOf(browser: Browser): Promise<PriceAlert[]> {
  const response = await browser.get('/api/price-alerts');
  expect(response.statusCode).toBe(200);
  return priceAlertsResponseSchema.parse(response.json()).items;
}

describe('making price alerts', () => {
  it('needs a signed-in shopper', async () => {
    const visitor = browserSession(app);
    const response = await visitor.post('/api/price-alerts', {
      offerId: crypto.randomUUID(),
      targetMinor: 1000,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'Sign in to get price-drop alerts.' });
    expect((await visitor.get('/api/price-alerts')).statusCode).toBe(401);
  });

  it('names what is wrong with a bad request, and refuses a mark that would fire at once', async () => {
    const shop = await merchantShop();
    await shop.importPrices([['BAD-1', '149.95']]);
    const offerId = await shop.offerId('BAD-1');
    const { browser } = await signedInShopper();

    const badPrice = await browser.post('/api/price-alerts', { offerId, targetMinor: 12.5 });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json<{ error: string }>().error).toContain('targetMinor');

    const badOffer = await browser.post('/api/price-alerts', { offerId: 'x', targetMinor: 100 });
    expect(badOffer.statusCode).toBe(400);
    expect(badOffer.json<{ error: string }>().error).toContain('offerId');

    const unknown = await browser.post('/api/price-alerts', {
      offerId: crypto.randomUUID(),
      targetMinor: 100,
    });
    expect(unknown.statusCode).toBe(404);

    const tooHigh = await browser.post('/api/price-alerts', { offerId, targetMinor: 14995 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json<{ error: string }>().error).toContain('$149.95 now');

    const badPatch = await browser.patch(`/api/price-alerts/${crypto.randomUUID()}`, {});
    expect(badPatch.statusCode).toBe(400);
  });

  it('keeps one alert per offer, lists it, and lets only its owner change or remove it', async () => {
    const shop = await merchantShop();
    await shop.importPrices([['ONE-1', '80.00']]);
    const offerId = await shop.offerId('ONE-1');
    const { browser } = await signedInShopper();

    const made = await browser.post('/api/price-alerts', {
      offerId,
      targetMinor: 7000,
      path: '/new-search/abc/kettle',
    });
    expect(made.statusCode).toBe(201);
    const alert = priceAlertSchema.parse(made.json());
    expect(alert).toMatchObject({
      offerId,
      targetMinor: 7000,
      currency: 'USD',
      currentTotalMinor: 8000,
      retailerName: 'Kettle World',
      isPaused: false,
      isArmed: true,
      fireCount: 0,
      path: '/new-search/abc/kettle',
    });

    const again = await browser.post('/api/price-alerts', { offerId, targetMinor: 6000 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: alert.id, targetMinor: 6000 });
    expect((await alertsOf(browser)).map((item) => item.id)).toEqual([alert.id]);

    const other = await signedInShopper();
    expect(
      (await other.browser.patch(`/api/price-alerts/${alert.id}`, { isPaused: true })).statusCode,
    ).toBe(404);
    expect((await other.browser.delete(`/api/price-alerts/${alert.id}`)).statusCode).toBe(404);
    expect(await alertsOf(other.browser)).toEqual([]);

    const paused = await browser.patch(`/api/price-alerts/${alert.id}`, { isPaused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ isPaused: true });
    expect((await browser.delete(`/api/price-alerts/${alert.id}`)).statusCode).toBe(204);
    expect(await alertsOf(browser)).toEqual([]);
  });

  it(`holds at most ${PRICE_ALERTS_LIMIT} alerts per shopper, with a clear message`, async () => {
    const shop = await merchantShop();
    const ids = Array.from({ length: PRICE_ALERTS_LIMIT + 1 }, (_, index) => `LIM-${index}`);
    await shop.importPrices(ids.map((id) => [id, '50.00']));
    const { browser } = await signedInShopper();
    for (const id of ids.slice(0, PRICE_ALERTS_LIMIT)) {
      const response = await browser.post('/api/price-alerts', {
        offerId: await shop.offerId(id),
        targetMinor: 4000,
      });
      expect(response.statusCode).toBe(201);
    }
    const over = await browser.post('/api/price-alerts', {
      offerId: await shop.offerId(ids.at(-1)!),
      targetMinor: 4000,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      error: `You can keep up to ${PRICE_ALERTS_LIMIT} price alerts. Remove some on your Alerts page to add more.`,
    });
  });
});

describe('when an import lowers the price', () => {
  it('sends one email per drop over SMTP, with the tracked link and a working unsubscribe link', async () => {
    const shop = await merchantShop();
    await shop.importPrices([['DROP-1', '149.95']]);
    const offerId = await shop.offerId('DROP-1');
    const { browser, email } = await signedInShopper();
    const made = await browser.post('/api/price-alerts', { offerId, targetMinor: 12000 });
    expect(made.statusCode).toBe(201);

    // Lowered, but not to the mark: nothing fires.
    await shop.importPrices([['DROP-1', '130.00']]);
    // Under the mark: one email.
    await shop.importPrices([['DROP-1', '110.00']]);
    const first = await inbox.waitForMail(email);
    expect(first.subject).toContain('is now $110.00 at Kettle World');
    // Compared without spaces: quoted-printable may break a long line at one.
    expect(first.text.replace(/\s+/g, '')).toContain(
      'Youaskedipicktotellyouwhenitwas$120.00orless.',
    );
    const [fired] = await alertsOf(browser);
    expect(fired).toMatchObject({
      isArmed: false,
      fireCount: 1,
      lastFiredTotalMinor: 11000,
      currentTotalMinor: 11000,
    });
    expect(fired!.lastFiredAt).not.toBeNull();

    // The offer link is ipick's tracked redirect, which records the click and sends the shopper on.
    const offerLink = extractLink(first.text, '/api/redirect');
    expect(offerLink.searchParams.get('offer')).toBe(offerId);
    const redirect = await browserSession(app).get(`${offerLink.pathname}${offerLink.search}`);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toContain(`${shop.domain}/products/DROP-1`);

    // Lower again while still under the mark: no second email (the next one proves the order).
    await shop.importPrices([['DROP-1', '105.00']]);
    // Back above the mark re-arms it; the next drop sends the second email.
    await shop.importPrices([['DROP-1', '125.00']]);
    expect((await alertsOf(browser))[0]).toMatchObject({ isArmed: true, fireCount: 1 });
    await shop.importPrices([['DROP-1', '99.00']]);
    const second = await inbox.waitForMail(email);
    expect(second.subject).toContain('is now $99.00');
    const drops = inbox.messages.filter(
      (message) => message.to === email && message.subject.startsWith('Price drop'),
    );
    expect(drops.map((message) => message.subject)).toEqual([first.subject, second.subject]);
    expect((await alertsOf(browser))[0]).toMatchObject({ fireCount: 2, lastFiredTotalMinor: 9900 });

    // The unsubscribe link works without signing in, and only with its own signature.
    const unsubscribe = extractLink(second.text, '/alerts/unsubscribe');
    const token = unsubscribe.searchParams.get('token')!;
    const visitor = browserSession(app);
    const info = await visitor.get(
      `/api/price-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      title: 'Breville Smart Kettle DROP-1',
      retailerName: 'Kettle World',
      targetMinor: 12000,
      currency: 'USD',
    });
    const forged = await visitor.post('/api/price-alerts/unsubscribe', {
      token: `${fired!.id}.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ error: string }>().error).toContain('not valid');
    expect((await visitor.post('/api/price-alerts/unsubscribe', { token })).statusCode).toBe(204);
    expect(await alertsOf(browser)).toEqual([]);
    const gone = await visitor.post('/api/price-alerts/unsubscribe', { token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'This price alert was already removed.' });
  });

  it('sends nothing for a paused alert', async () => {
    const shop = await merchantShop();
    await shop.importPrices([
      ['PAUSE-1', '60.00'],
      ['PAUSE-2', '60.00'],
    ]);
    const { browser, email } = await signedInShopper();
    const paused = (
      await browser.post('/api/price-alerts', {
        offerId: await shop.offerId('PAUSE-1'),
        targetMinor: 5000,
      })
    ).json<PriceAlert>();
    const active = await browser.post('/api/price-alerts', {
      offerId: await shop.offerId('PAUSE-2'),
      targetMinor: 5000,
    });
    expect(active.statusCode).toBe(201);
    expect(
      (await browser.patch(`/api/price-alerts/${paused.id}`, { isPaused: true })).statusCode,
    ).toBe(200);

    await shop.importPrices([
      ['PAUSE-1', '40.00'],
      ['PAUSE-2', '40.00'],
    ]);
    // Both offers were checked together: the active alert's email means the check ran.
    const mail = await inbox.waitForMail(email);
    expect(mail.subject).toContain('PAUSE-2');
    const alerts = await alertsOf(browser);
    expect(alerts.find((alert) => alert.id === paused.id)).toMatchObject({
      isPaused: true,
      fireCount: 0,
    });
  });
});
