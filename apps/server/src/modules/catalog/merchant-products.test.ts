import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import {
  page,
  startFixtureHttpServer,
  type FixtureHttpServer,
} from '../../../test/fixture-http-server.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { CatalogRepository } from './catalog-repository.ts';
import { beginFeedImport } from './feeds/feed-importer.ts';

let testDb: TestDatabase;
let app: FastifyInstance;
let feeds: FixtureHttpServer;
let counter = 0;
/** What the fixture shop serves at /feed.csv. */
let feedCsv = '';

const db = () => testDb.database.db;

type Session = ReturnType<typeof browserSession>;

interface ProductsBody {
  items: {
    offerId: string;
    productId: string;
    title: string;
    url: string;
    priceMinor: number | null;
    currency: string | null;
    availability: string | null;
    lastSeenAt: string;
    shoppers: {
      comparisons: number;
      pasted: number;
      clicks: number;
      cheapestCompetitor: {
        priceMinor: number;
        retailerName: string;
        seenIn: string;
      } | null;
    };
  }[];
  page: number;
  pageSize: number;
  total: number;
  catalogSize: number;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  // The feed server runs on 127.0.0.1, which only a test (or local demo) may fetch from.
  app = await buildTestApp(testDb, { fetchAllowPrivate: true });
  feeds = await startFixtureHttpServer({
    '/feed.csv': (request, response) =>
      page(feedCsv, { contentType: 'text/csv; charset=utf-8' })(request, response),
    '/missing.csv': page('gone', { status: 404, contentType: 'text/plain' }),
  });
});
afterAll(async () => {
  await app?.close();
  await feeds?.close();
  await testDb?.dispose();
});

async function buildMerchant(name = 'Kettle World'): Promise<{ browser: Session; domain: string }> {
  const browser = browserSession(app);
  const stamp = `${Date.now()}${++counter}${Math.floor(Math.random() * 1e6)}`;
  const domain = `kettles${stamp}.example.com`;
  const response = await browser.post('/api/business/auth/register', {
    name,
    domain,
    email: `merchant${stamp}@example.com`,
    password: 'merchant password 1',
  });
  expect(response.statusCode).toBe(200);
  // Approved, as a shop must be to import feeds.
  await db()
    .updateTable('businesses')
    .set({ status: 'active' })
    .where('domain', '=', domain)
    .execute();
  return { browser, domain };
}

function csvFor(domain: string): string {
  return [
    'id,title,link,price,availability,brand,gtin',
    `KW-1,Breville Smart Kettle 1.7L BKE820,https://${domain}/p/breville-kettle,149.95 USD,in stock,Breville,021614062253`,
    `KW-2,Loose Leaf Sencha 100 g,https://${domain}/p/sencha,12.50 USD,out of stock,,`,
    `KW-3,Glass Teapot 1 L,https://${domain}/p/teapot,24.00 USD,in stock,,`,
    `KW-4,No price here,https://${domain}/p/broken,,in stock,,`,
  ].join('\n');
}

async function waitForImport(merchant: Session, importId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await merchant.get(`/api/business/catalog/feeds/${importId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

async function products(merchant: Session, query = ''): Promise<ProductsBody> {
  const response = await merchant.get(`/api/business/products${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductsBody>();
}

describe('POST /api/business/catalog/feeds with a feed address', () => {
  it('fetches the feed, imports it in the background and reports rejected rows', async () => {
    const merchant = await buildMerchant();
    feedCsv = csvFor(merchant.domain);
    const started = await merchant.browser.post('/api/business/catalog/feeds', {
      url: feeds.url('/feed.csv'),
    });
    expect(started.statusCode, started.body).toBe(202);
    const { importId } = started.json<{ importId: string }>();
    const report = await waitForImport(merchant.browser, importId);
    expect(report).toMatchObject({
      status: 'completed',
      phase: null,
      source: feeds.url('/feed.csv'),
      itemsSeen: 4,
      created: 3,
      rejected: 1,
    });
    const rejections = report.rejections as { row: number; id: string; reasons: string[] }[];
    expect(rejections).toHaveLength(1);
    expect(rejections[0]).toMatchObject({ row: 4, id: 'KW-4' });
    expect(rejections[0]!.reasons.join(' ')).toMatch(/price/i);
  });

  it('names a bad or unreachable address and refuses other bodies', async () => {
    const merchant = await buildMerchant();
    const notUrl = await merchant.browser.post('/api/business/catalog/feeds', { url: 'feed.csv' });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json<{ error: string; code: string }>()).toMatchObject({
      code: 'invalid_request',
      error: expect.stringMatching(/^body\.url: /) as unknown,
    });
    const badFull = await merchant.browser.post('/api/business/catalog/feeds', {
      url: feeds.url('/feed.csv'),
      full: 'yes',
    });
    expect(badFull.statusCode).toBe(400);
    expect(badFull.json<{ error: string }>().error).toMatch(/^body\.full: /);
    const missing = await merchant.browser.post('/api/business/catalog/feeds', {
      url: feeds.url('/missing.csv'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/^url: /);
    const text = await merchant.browser.post('/api/business/catalog/feeds', 'a feed', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(415);
    const anonymous = await browserSession(app).post('/api/business/catalog/feeds', {
      url: feeds.url('/feed.csv'),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/business/products', () => {
  let merchant: { browser: Session; domain: string };
  const offerIds = new Map<string, string>();

  beforeAll(async () => {
    merchant = await buildMerchant();
    // Approved by an admin: shoppers see an active merchant's offers.
    await db()
      .updateTable('businesses')
      .set({ status: 'active' })
      .where('domain', '=', merchant.domain)
      .execute();
    feedCsv = csvFor(merchant.domain);
    const started = await merchant.browser.post('/api/business/catalog/feeds', {
      url: feeds.url('/feed.csv'),
    });
    await waitForImport(merchant.browser, started.json<{ importId: string }>().importId);
    // Two other shops sell the same kettle (same GTIN); one is cheaper but sold out.
    const catalog = new CatalogRepository(db());
    const rival = await catalog.ensureRetailer({
      key: 'rival-kettles.example.net',
      displayName: 'Rival Kettles',
      hosts: ['rival-kettles.example.net'],
      affiliateParam: null,
    });
    // Both are fed shops (an import), so comparisons list them.
    await beginFeedImport(db(), rival, 'rival-feed.xml');
    await catalog.upsertOffers(rival.id, [
      {
        retailerProductId: 'R-1',
        url: 'https://rival-kettles.example.net/item/r-1',
        title: 'Breville Smart Kettle 1.7L BKE820',
        brand: 'Breville',
        gtin: '00021614062253',
        mpn: null,
        imageUrl: null,
        priceMinor: 13_999,
        currency: 'USD',
        availability: 'in_stock',
        condition: 'new',
        shippingMinor: null,
        category: null,
      },
    ]);
    const closed = await catalog.ensureRetailer({
      key: 'closed-kettles.example.net',
      displayName: 'Closed Kettles',
      hosts: ['closed-kettles.example.net'],
      affiliateParam: null,
    });
    await beginFeedImport(db(), closed, 'closed-feed.xml');
    await catalog.upsertOffers(closed.id, [
      {
        retailerProductId: 'C-1',
        url: 'https://closed-kettles.example.net/item/c-1',
        title: 'Breville Smart Kettle 1.7L BKE820',
        brand: 'Breville',
        gtin: '00021614062253',
        mpn: null,
        imageUrl: null,
        priceMinor: 9_999,
        currency: 'USD',
        availability: 'out_of_stock',
        condition: 'new',
        shippingMinor: null,
        category: null,
      },
    ]);
    for (const item of (await products(merchant.browser)).items) {
      offerIds.set(item.productId, item.offerId);
    }
  });

  it("lists the shop's products with price, stock and when they were last seen", async () => {
    const body = await products(merchant.browser);
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 3, catalogSize: 3 });
    const kettle = body.items.find((item) => item.productId === 'KW-1')!;
    expect(kettle).toMatchObject({
      title: 'Breville Smart Kettle 1.7L BKE820',
      url: `https://${merchant.domain}/p/breville-kettle`,
      priceMinor: 14_995,
      currency: 'USD',
      availability: 'in_stock',
      shoppers: { comparisons: 0, pasted: 0, clicks: 0 },
    });
    expect(Date.parse(kettle.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    // Before any comparison, the catalog's cheapest available rival is the competing price.
    expect(kettle.shoppers.cheapestCompetitor).toEqual({
      priceMinor: 13_999,
      currency: 'USD',
      retailerName: 'Rival Kettles',
      seenIn: 'catalog',
    });
    const sencha = body.items.find((item) => item.productId === 'KW-2')!;
    expect(sencha).toMatchObject({
      availability: 'out_of_stock',
      shoppers: { cheapestCompetitor: null },
    });
  });

  it('counts the comparisons and clicks of ipick shoppers per product', async () => {
    const shopper = browserSession(app);
    // A shopper compares the merchant's own kettle page, then the rival's.
    const own = await shopper.post('/api/compare', {
      url: `https://${merchant.domain}/p/breville-kettle`,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ sameProduct: { retailerName: string }[] }>().sameProduct).toEqual(
      expect.arrayContaining([expect.objectContaining({ retailerName: 'Rival Kettles' })]),
    );
    const rival = await shopper.post('/api/compare', {
      url: 'https://rival-kettles.example.net/item/r-1',
    });
    expect(rival.statusCode, rival.body).toBe(200);
    // And two shoppers click out to the merchant's kettle; a bot's click is left out (as is a
    // browser's second click on the same link at once: referral/click-throttle.ts).
    const kettleId = offerIds.get('KW-1')!;
    for (const userAgent of [
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0.0.0 Safari/537.36',
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
    ]) {
      const click = await app.inject({
        method: 'GET',
        url: `/api/redirect?offer=${kettleId}&session_id=s-products`,
        headers: { 'user-agent': userAgent },
      });
      expect(click.statusCode).toBeLessThan(400);
    }

    let kettle: ProductsBody['items'][number] | undefined;
    for (let attempt = 0; attempt < 100; attempt++) {
      kettle = (await products(merchant.browser, '?query=breville')).items[0];
      if (kettle?.shoppers.clicks === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(kettle?.shoppers).toMatchObject({ comparisons: 2, pasted: 1, clicks: 2 });
    // The sold-out shop's lower price was shown too, but cannot be bought: the rival's counts.
    expect(kettle?.shoppers.cheapestCompetitor).toMatchObject({
      priceMinor: 13_999,
      retailerName: 'Rival Kettles',
    });
    const teapot = (await products(merchant.browser, '?query=teapot')).items[0]!;
    expect(teapot.shoppers).toMatchObject({ comparisons: 0, clicks: 0 });
  });

  it('searches titles and product ids and pages through the list', async () => {
    const byWords = await products(merchant.browser, '?query=glass%20TEAPOT');
    expect(byWords.items.map((item) => item.productId)).toEqual(['KW-3']);
    expect(byWords).toMatchObject({ total: 1, catalogSize: 3 });
    const byId = await products(merchant.browser, '?query=KW-2');
    expect(byId.items.map((item) => item.productId)).toEqual(['KW-2']);
    const wildcard = await products(merchant.browser, '?query=%25');
    expect(wildcard.total).toBe(0);
    const beyond = await products(merchant.browser, '?page=2');
    expect(beyond).toMatchObject({ items: [], page: 2, total: 3 });
  });

  it('names bad parameters', async () => {
    const badPage = await merchant.browser.get('/api/business/products?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json<{ error: string }>().error).toMatch(/^query\.page: /);
    const words = await merchant.browser.get('/api/business/products?page=two');
    expect(words.json<{ error: string }>().error).toMatch(/^query\.page: /);
    const long = await merchant.browser.get(`/api/business/products?query=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toMatch(/^query\.query: /);
  });

  it("shows a merchant only its own shop's products and imports", async () => {
    const other = await buildMerchant('Other Shop');
    const empty = await products(other.browser);
    expect(empty).toMatchObject({ items: [], total: 0, catalogSize: 0 });
    const imports = await other.browser.get('/api/business/catalog/feeds');
    expect(imports.json<{ imports: unknown[] }>().imports).toEqual([]);
    const mine = await merchant.browser.get('/api/business/catalog/feeds');
    const [latest] = mine.json<{ imports: { id: string }[] }>().imports;
    expect((await other.browser.get(`/api/business/catalog/feeds/${latest!.id}`)).statusCode).toBe(
      404,
    );
    expect((await browserSession(app).get('/api/business/products')).statusCode).toBe(401);
  });
});
