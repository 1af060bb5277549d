import { randomUUID } from 'node:crypto';
import {
  FAVORITES_LIMIT,
  favoriteSchema,
  favoritesResponseSchema,
  HISTORY_LIMIT,
  historyResponseSchema,
  type CompareResponse,
  type Favorite,
} from '@ipick/contracts';
import { makeProductSlug } from '@ipick/core';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../../../test/browser-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { SHOPPER_COOKIE } from '../auth/session-cookies.ts';
import { loadDemoCatalog } from '../demo/catalog-loader.ts';
import { otherRetailerCount } from './shopper-service.ts';

type Browser = ReturnType<typeof browserSession>;

let testDb: TestDatabase;
let app: FastifyInstance;
/** Catalog links of products sold by three or more retailers, dearest offer first. */
let catalogUrls: string[];

beforeAll(async () => {
  testDb = await createTestDatabase();
  await loadDemoCatalog(testDb.database.db, { seed: 7, products: 60 });
  app = await buildTestApp(testDb);
  const { rows } = await sql<{ url: string }>`
    select url from (
      select distinct on (o.product_id) o.url, o.title from offers o
      where o.product_id in (
        select product_id from offers where price_minor is not null
        group by product_id having count(distinct retailer_id) >= 3)
      order by o.product_id, o.price_minor desc nulls last, o.id
    ) dearest
    order by title, url`.execute(testDb.database.db);
  catalogUrls = rows.map((row) => row.url);
  expect(catalogUrls.length).toBeGreaterThanOrEqual(6);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

let counter = 0;

/** A new shopper, signed in through the real registration; keeps its cookie like a browser. */
async function signedInShopper(): Promise<{ browser: Browser; userId: string }> {
  const browser = browserSession(app);
  const response = await browser.post('/api/auth/register', {
    email: `shopper${++counter}-${Date.now()}@example.com`,
    password: 'a good long password',
  });
  expect(response.statusCode).toBe(200);
  expect(browser.cookies.has(SHOPPER_COOKIE)).toBe(true);
  return { browser, userId: response.json<{ user: { id: string } }>().user.id };
}

async function compareAs(browser: Browser, url: string, requestId: string = randomUUID()) {
  const response = await browser.post('/api/compare', { url, requestId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CompareResponse>();
}

async function historyOf(browser: Browser) {
  const response = await browser.get('/api/history');
  expect(response.statusCode).toBe(200);
  return historyResponseSchema.parse(response.json()).items;
}

async function favoritesOf(browser: Browser) {
  const response = await browser.get('/api/favorites');
  expect(response.statusCode).toBe(200);
  return favoritesResponseSchema.parse(response.json()).items;
}

async function historyRowCount(requestId: string): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from search_history where request_id = ${requestId}`.execute(
    testDb.database.db,
  );
  return rows[0]!.count;
}

describe('signed out', () => {
  it('is refused every list route with 401', async () => {
    const browser = browserSession(app);
    const id = randomUUID();
    const history = [
      await browser.get('/api/history'),
      await browser.delete('/api/history'),
      await browser.delete(`/api/history/${id}`),
    ];
    for (const response of history) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Sign in to see your search history.',
        code: 'unauthorized',
      });
    }
    const favorites = [
      await browser.get('/api/favorites'),
      await browser.post('/api/favorites', { requestId: id }),
      await browser.delete(`/api/favorites/${id}`),
    ];
    for (const response of favorites) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Sign in to keep favourites.',
        code: 'unauthorized',
      });
    }
  });

  it('treats a made-up session cookie as signed out', async () => {
    const response = await app.inject({
      url: '/api/history',
      headers: { cookie: `${SHOPPER_COOKIE}=${'a'.repeat(45)}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the count of other retailers in the history', () => {
  const offerAt = (retailer: string) => ({ retailer }) as CompareResponse['sameProduct'][number];
  it("counts each other retailer once and leaves out the pasted product's own", () => {
    const result = {
      product: { retailer: 'apple' } as CompareResponse['product'],
      sameProduct: ['amazon', 'amazon', 'apple', 'ebay', 'target', 'target'].map(offerAt),
    };
    expect(otherRetailerCount(result)).toBe(3);
    expect(otherRetailerCount({ ...result, sameProduct: [offerAt('apple')] })).toBe(0);
  });
});

describe('search history', () => {
  it('records a signed-in comparison with what the results page showed', async () => {
    const { browser } = await signedInShopper();
    const url = `${catalogUrls[0]!}`;
    const result = await compareAs(browser, url);
    const items = await historyOf(browser);
    expect(items).toHaveLength(1);
    const slug = makeProductSlug(new URL(url));
    const { comparedAt, ...entry } = items[0]!;
    expect(entry).toEqual({
      requestId: result.requestId,
      url,
      path: `/new-search/${result.requestId}/${slug}`,
      title: result.product.title,
      retailerName: result.product.retailerName,
      priceMinor: result.product.priceMinor,
      currency: result.product.currency,
      image: result.product.image,
      category: result.product.category,
      sameProductCount: otherRetailerCount(result),
      alternativesCount: result.alternatives.length,
      compareCount: 1,
    });
    expect(result.sameProduct.length).toBeGreaterThanOrEqual(2);
    expect(Date.now() - Date.parse(comparedAt)).toBeLessThan(60_000);
    const response = await browser.get('/api/history');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('records nothing for a signed-out comparison or for reading a comparison again', async () => {
    const signedOut = await compareAs(browserSession(app), catalogUrls[1]!);
    expect(await historyRowCount(signedOut.requestId)).toBe(0);

    const { browser } = await signedInShopper();
    const reread = await browser.get(`/api/compare/${signedOut.requestId}`);
    expect(reread.statusCode).toBe(200);
    expect(await historyOf(browser)).toEqual([]);
    expect(await historyRowCount(signedOut.requestId)).toBe(0);
  });

  it('keeps one entry per request id, newest first, moving a re-run to the top', async () => {
    const { browser } = await signedInShopper();
    const first = await compareAs(browser, catalogUrls[0]!);
    const second = await compareAs(browser, catalogUrls[1]!);
    expect((await historyOf(browser)).map((item) => item.requestId)).toEqual([
      second.requestId,
      first.requestId,
    ]);
    const before = (await historyOf(browser))[1]!.comparedAt;

    await compareAs(browser, catalogUrls[0]!, first.requestId);
    const items = await historyOf(browser);
    expect(items.map((item) => item.requestId)).toEqual([first.requestId, second.requestId]);
    expect(Date.parse(items[0]!.comparedAt)).toBeGreaterThan(Date.parse(before));
    expect(await historyRowCount(first.requestId)).toBe(1);
  });

  it('keeps one entry per product link, with its latest comparison and how many there were', async () => {
    const { browser } = await signedInShopper();
    const first = await compareAs(browser, catalogUrls[0]!);
    const other = await compareAs(browser, catalogUrls[1]!);
    // The same link pasted again: a new comparison, not a new entry.
    const again = await compareAs(browser, catalogUrls[0]!);
    const items = await historyOf(browser);
    expect(items.map((item) => [item.requestId, item.compareCount])).toEqual([
      [again.requestId, 2],
      [other.requestId, 1],
    ]);
    // Forgetting the entry forgets every comparison of its link.
    expect((await browser.delete(`/api/history/${first.requestId}`)).statusCode).toBe(204);
    expect((await historyOf(browser)).map((item) => item.requestId)).toEqual([other.requestId]);
    expect(await historyRowCount(again.requestId)).toBe(0);
  });

  it('forgets one entry, only in its own shopper history', async () => {
    const owner = await signedInShopper();
    const other = await signedInShopper();
    const kept = await compareAs(owner.browser, catalogUrls[2]!);
    const removed = await compareAs(owner.browser, catalogUrls[3]!);

    const stranger = await other.browser.delete(`/api/history/${removed.requestId}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({
      error: 'That comparison is not in your search history.',
      code: 'not_found',
    });
    expect(await historyOf(owner.browser)).toHaveLength(2);

    const response = await owner.browser.delete(`/api/history/${removed.requestId}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await historyOf(owner.browser)).map((item) => item.requestId)).toEqual([
      kept.requestId,
    ]);
    expect((await owner.browser.delete(`/api/history/${removed.requestId}`)).statusCode).toBe(404);

    const bad = await owner.browser.delete('/api/history/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe(
      'params.requestId: The request id is not valid',
    );
  });

  it('clears the whole history of the signed-in shopper only', async () => {
    const owner = await signedInShopper();
    const other = await signedInShopper();
    await compareAs(owner.browser, catalogUrls[4]!);
    const others = await compareAs(other.browser, catalogUrls[4]!);

    const response = await owner.browser.delete('/api/history');
    expect(response.statusCode).toBe(204);
    expect(await historyOf(owner.browser)).toEqual([]);
    expect((await historyOf(other.browser)).map((item) => item.requestId)).toEqual([
      others.requestId,
    ]);
    // Clearing an empty history is no error.
    expect((await owner.browser.delete('/api/history')).statusCode).toBe(204);
  });

  it(`keeps only the newest ${HISTORY_LIMIT} comparisons`, async () => {
    const { browser, userId } = await signedInShopper();
    // A full history of older comparisons, one a minute.
    await sql`
      insert into search_history (user_id, request_id, url, path, title, retailer_name,
        same_product_count, alternatives_count, compared_at)
      select ${userId}::uuid, gen_random_uuid(), 'https://www.example.com/p/' || n,
        '/new-search/x/y', 'Old ' || n, 'Example', 0, 0, now() - n * interval '1 minute'
      from generate_series(1, ${HISTORY_LIMIT}) as n`.execute(testDb.database.db);
    const oldest = (await historyOf(browser)).at(-1)!;
    expect(oldest.title).toBe(`Old ${HISTORY_LIMIT}`);

    const result = await compareAs(browser, catalogUrls[5]!);
    const items = await historyOf(browser);
    expect(items).toHaveLength(HISTORY_LIMIT);
    expect(items[0]!.requestId).toBe(result.requestId);
    expect(items.at(-1)!.title).toBe(`Old ${HISTORY_LIMIT - 1}`);
    expect(await historyRowCount(oldest.requestId)).toBe(0);
  });

  it('refuses changes from another site', async () => {
    const { browser } = await signedInShopper();
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/history',
      headers: { origin: 'https://evil.example', cookie: cookieOf(browser) },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('favourites', () => {
  let owner: { browser: Browser; userId: string };
  let comparison: CompareResponse;

  beforeAll(async () => {
    owner = await signedInShopper();
    // A comparison with offers of the same product and alternatives, to favourite either.
    for (const url of catalogUrls.slice(0, 5)) {
      comparison = await compareAs(owner.browser, url);
      if (comparison.sameProduct.length > 0 && comparison.alternatives.length > 0) break;
    }
    expect(comparison.alternatives.length).toBeGreaterThan(0);
  });

  async function add(browser: Browser, body: unknown) {
    return browser.post('/api/favorites', body);
  }

  it('names the bad field', async () => {
    const missing = await add(owner.browser, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toContain('body.requestId');

    const badId = await add(owner.browser, { requestId: 'nope' });
    expect(badId.json()).toEqual({
      error: 'body.requestId: requestId must be the id of a comparison',
      code: 'invalid_request',
    });
    const badOffer = await add(owner.browser, { requestId: comparison.requestId, offerId: 7 });
    expect(badOffer.statusCode).toBe(400);
    expect(badOffer.json<{ error: string }>().error).toContain('body.offerId');

    const badDelete = await owner.browser.delete('/api/favorites/not-an-id');
    expect(badDelete.statusCode).toBe(400);
    expect(badDelete.json<{ error: string }>().error).toBe(
      'params.id: The favourite id is not valid',
    );
  });

  it('says when the comparison or the offer is unknown', async () => {
    const unknown = await add(owner.browser, { requestId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: 'There is no comparison with that id; compare the product again, then add it.',
      code: 'not_found',
    });
    const offer = await add(owner.browser, {
      requestId: comparison.requestId,
      offerId: randomUUID(),
    });
    expect(offer.statusCode).toBe(404);
    expect(offer.json()).toEqual({
      error: 'That offer is not part of this comparison.',
      code: 'not_found',
    });
  });

  it('adds the pasted product once, copying it from the comparison', async () => {
    const response = await add(owner.browser, { requestId: comparison.requestId });
    expect(response.statusCode).toBe(201);
    const favorite = favoriteSchema.parse(response.json());
    const { product } = comparison;
    const { id, createdAt, ...copied } = favorite;
    expect(copied).toEqual({
      requestId: comparison.requestId,
      path: `/new-search/${comparison.requestId}/${makeProductSlug(new URL(product.url))}`,
      url: product.url,
      title: product.title,
      retailerName: product.retailerName,
      priceMinor: product.priceMinor,
      currency: product.currency,
      image: product.image,
      category: product.category,
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(createdAt)).toBeLessThan(60_000);

    const again = await add(owner.browser, { requestId: comparison.requestId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(favorite);
    expect(await favoritesOf(owner.browser)).toEqual([favorite]);
  });

  it('adds an offer of the comparison, same product or alternative', async () => {
    const same = comparison.sameProduct[0]!;
    const sameResponse = await add(owner.browser, {
      requestId: comparison.requestId,
      offerId: same.offerId,
    });
    expect(sameResponse.statusCode).toBe(201);
    expect(sameResponse.json<Favorite>()).toMatchObject({
      url: same.url,
      title: same.title,
      retailerName: same.retailerName,
      priceMinor: same.priceMinor,
      currency: same.currency,
      image: comparison.product.image,
    });

    const alternative = comparison.alternatives[0]!;
    const alternativeResponse = await add(owner.browser, {
      requestId: comparison.requestId,
      offerId: alternative.offerId,
    });
    expect(alternativeResponse.statusCode).toBe(201);
    expect(alternativeResponse.json<Favorite>()).toMatchObject({
      url: alternative.url,
      title: alternative.title,
      retailerName: alternative.retailerName,
      priceMinor: alternative.priceMinor,
      image: null,
    });

    // Newest first.
    expect((await favoritesOf(owner.browser)).map((item) => item.url)).toEqual([
      alternative.url,
      same.url,
      comparison.product.url,
    ]);
  });

  it("keeps shoppers' favourites apart", async () => {
    const other = await signedInShopper();
    expect(await favoritesOf(other.browser)).toEqual([]);
    const [mine] = await favoritesOf(owner.browser);

    const response = await other.browser.delete(`/api/favorites/${mine!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'That favourite is not in your list.',
      code: 'not_found',
    });
    expect((await favoritesOf(owner.browser)).map((item) => item.id)).toContain(mine!.id);

    // Another shopper may favourite the same link from someone else's comparison.
    const theirs = await add(other.browser, { requestId: comparison.requestId });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<Favorite>().id).not.toBe(
      (await favoritesOf(owner.browser)).find((item) => item.url === comparison.product.url)!.id,
    );
  });

  it('removes a favourite', async () => {
    const [latest, ...rest] = await favoritesOf(owner.browser);
    const response = await owner.browser.delete(`/api/favorites/${latest!.id}`);
    expect(response.statusCode).toBe(204);
    expect(await favoritesOf(owner.browser)).toEqual(rest);
    expect((await owner.browser.delete(`/api/favorites/${latest!.id}`)).statusCode).toBe(404);
  });

  it(`refuses more than ${FAVORITES_LIMIT} favourites, but still answers for one it has`, async () => {
    const { browser, userId } = await signedInShopper();
    const result = await compareAs(browser, catalogUrls[1]!);
    const first = await add(browser, { requestId: result.requestId });
    expect(first.statusCode).toBe(201);
    await sql`
      insert into favorites (id, user_id, url, title, retailer_name)
      select gen_random_uuid(), ${userId}::uuid, 'https://www.example.com/p/' || n, 'Kept ' || n,
        'Example'
      from generate_series(1, ${FAVORITES_LIMIT - 1}) as n`.execute(testDb.database.db);

    const full = await add(browser, {
      requestId: result.requestId,
      offerId: result.sameProduct[0]!.offerId,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({
      error: `You can keep up to ${FAVORITES_LIMIT} favourites. Remove some to add more.`,
      code: 'conflict',
    });
    const existing = await add(browser, { requestId: result.requestId });
    expect(existing.statusCode).toBe(200);
    expect(existing.json()).toEqual(first.json());
    expect(await favoritesOf(browser)).toHaveLength(FAVORITES_LIMIT);
  });

  it('go with the account when the user is deleted', async () => {
    const { browser, userId } = await signedInShopper();
    const result = await compareAs(browser, catalogUrls[2]!);
    expect((await add(browser, { requestId: result.requestId })).statusCode).toBe(201);
    await sql`delete from identity_users where id = ${userId}`.execute(testDb.database.db);
    const { rows } = await sql<{ history: number; favorites: number }>`
      select (select count(*)::int from search_history where user_id = ${userId}) as history,
        (select count(*)::int from favorites where user_id = ${userId}) as favorites`.execute(
      testDb.database.db,
    );
    expect(rows[0]).toEqual({ history: 0, favorites: 0 });
  });
});

function cookieOf(browser: Browser): string {
  return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe('a saved comparison after a merchant is suspended', () => {
  const title = 'Quillon Glass Electric Kettle QGK-417 1.7 L Amber';
  /** The shopper pastes one shop's page; a fed shop and a merchant's shop sell it too. */
  const hosts = {
    pasted: 'kettle-pasted.example',
    fed: 'kettle-fed.example',
    merchant: 'kettle-merchant.example',
  } as const;
  const urlAt = (host: string) => `https://${host}/p/qgk-417`;
  const businessId = randomUUID();

  async function setMerchantStatus(status: 'pending' | 'active' | 'suspended') {
    await testDb.database.db
      .updateTable('businesses')
      .set({ status })
      .where('id', '=', businessId)
      .execute();
  }

  beforeAll(async () => {
    const { db } = testDb.database;
    const productId = randomUUID();
    await db
      .insertInto('products')
      .values({ id: productId, title, brand: 'Quillon', category: 'kitchen', image_url: null })
      .execute();
    for (const host of Object.values(hosts)) {
      const retailerId = randomUUID();
      await db
        .insertInto('retailers')
        .values({ id: retailerId, key: host, display_name: host, hosts: [host] })
        .execute();
      if (host !== hosts.pasted) {
        await db
          .insertInto('feed_imports')
          .values({
            id: randomUUID(),
            retailer_id: retailerId,
            source: 'feed.xml',
            status: 'completed',
          })
          .execute();
      }
      await db
        .insertInto('offers')
        .values({
          id: randomUUID(),
          retailer_id: retailerId,
          retailer_product_id: 'qgk-417',
          product_id: productId,
          url: urlAt(host),
          title,
          brand: 'Quillon',
          price_minor: host === hosts.pasted ? 4_999 : 3_999,
          currency: 'USD',
        })
        .execute();
    }
    await db
      .insertInto('businesses')
      .values({
        id: businessId,
        name: 'Kettle merchant',
        domain: hosts.merchant,
        contact_email: `owner@${hosts.merchant}`,
        status: 'active',
      })
      .execute();
  });

  it("leaves the merchant's offer out of the comparison the history opens, and keeps the entry and favourite", async () => {
    const { browser } = await signedInShopper();
    const saved = await compareAs(browser, urlAt(hosts.pasted));
    const offerHosts = (result: CompareResponse) =>
      [...result.sameProduct, ...result.alternatives]
        .map((offer) => new URL(offer.url).host)
        .filter((host) => host.startsWith('kettle-'))
        .sort();
    expect(offerHosts(saved)).toEqual([hosts.fed, hosts.merchant]);
    const merchantOffer = saved.sameProduct.find((offer) => offer.url === urlAt(hosts.merchant))!;
    const favourited = await browser.post('/api/favorites', {
      requestId: saved.requestId,
      offerId: merchantOffer.offerId,
    });
    expect(favourited.statusCode).toBe(201);

    try {
      for (const status of ['suspended', 'pending'] as const) {
        await setMerchantStatus(status);
        // The history entry stays and still opens its comparison.
        const [entry] = await historyOf(browser);
        expect(entry).toMatchObject({ requestId: saved.requestId, url: urlAt(hosts.pasted) });
        const reopened = await browser.get(`/api/compare/${entry!.requestId}`);
        expect(reopened.statusCode).toBe(200);
        const result = reopened.json<CompareResponse>();
        expect(result.product.url, status).toBe(urlAt(hosts.pasted));
        expect(offerHosts(result), status).toEqual([hosts.fed]);
        // The favourite the shopper saved stays theirs; the offer cannot be favourited anew.
        expect((await favoritesOf(browser)).map((favorite) => favorite.url)).toEqual([
          urlAt(hosts.merchant),
        ]);
        const again = await browser.post('/api/favorites', {
          requestId: saved.requestId,
          offerId: merchantOffer.offerId,
        });
        expect(again.statusCode, status).toBe(404);
      }

      // Reactivated, the merchant is listed again, in the same saved comparison.
      await setMerchantStatus('active');
      const reopened = await browser.get(`/api/compare/${saved.requestId}`);
      expect(offerHosts(reopened.json<CompareResponse>())).toEqual([hosts.fed, hosts.merchant]);
    } finally {
      await setMerchantStatus('active');
    }
  });
});

describe("a product's category, for the drawing shown without a picture", () => {
  /** Each catalog offer's product category, by offer link. */
  async function categoriesByUrl(urls: string[]): Promise<Map<string, string | null>> {
    const { rows } = await sql<{ url: string; category: string | null }>`
      select o.url, p.category from offers o left join products p on p.id = o.product_id
      where o.url = any(${urls})`.execute(testDb.database.db);
    return new Map(rows.map((row) => [row.url, row.category]));
  }

  it('comes with the compared product, each offer, the history entry and each favourite', async () => {
    const { browser } = await signedInShopper();
    let comparison!: CompareResponse;
    for (const url of catalogUrls) {
      comparison = await compareAs(browser, url);
      if (comparison.sameProduct.length > 0 && comparison.alternatives.length > 0) break;
    }
    const offers = [...comparison.sameProduct, ...comparison.alternatives];
    const catalog = await categoriesByUrl([comparison.product.url, ...offers.map((o) => o.url)]);
    const category = catalog.get(comparison.product.url);
    expect(category).toEqual(expect.any(String));
    expect(comparison.product.category).toBe(category);
    for (const offer of offers) expect(offer.category, offer.title).toBe(catalog.get(offer.url));
    expect(new Set(offers.map((offer) => offer.category)).size).toBeGreaterThan(0);

    const [entry] = await historyOf(browser);
    expect(entry).toMatchObject({ requestId: comparison.requestId, category });

    const same = comparison.sameProduct[0]!;
    const alternative = comparison.alternatives[0]!;
    const added = [
      await browser.post('/api/favorites', { requestId: comparison.requestId }),
      await browser.post('/api/favorites', {
        requestId: comparison.requestId,
        offerId: same.offerId,
      }),
      await browser.post('/api/favorites', {
        requestId: comparison.requestId,
        offerId: alternative.offerId,
      }),
    ].map((response) => favoriteSchema.parse(response.json()));
    const expected = {
      [comparison.product.url]: category,
      [same.url]: same.category ?? category,
      [alternative.url]: alternative.category ?? null,
    };
    for (const favorite of added) expect(favorite.category).toBe(expected[favorite.url]);
    for (const favorite of await favoritesOf(browser)) {
      expect(favorite.category, favorite.url).toBe(expected[favorite.url]);
    }
    // Adding a link again answers with the favourite it has, category and all.
    const again = await browser.post('/api/favorites', { requestId: comparison.requestId });
    expect(favoriteSchema.parse(again.json()).category).toBe(category);
  });

  it('is null, not an error, for comparisons saved before categories were kept or no longer kept', async () => {
    const { browser } = await signedInShopper();
    const old = await compareAs(browser, catalogUrls[1]!);
    const gone = await compareAs(browser, catalogUrls[2]!);
    for (const saved of [old, gone]) {
      expect(saved.product.category).toEqual(expect.any(String));
      const favourited = await browser.post('/api/favorites', { requestId: saved.requestId });
      expect(favourited.statusCode).toBe(201);
    }
    // As an older comparison was stored: no category on the product or its offers.
    const strip = (offer: object) => ({ ...offer, category: undefined });
    const withoutCategories = {
      ...old,
      product: strip(old.product),
      sameProduct: old.sameProduct.map(strip),
      alternatives: old.alternatives.map(strip),
    };
    await sql`update compare_requests set result = ${JSON.stringify(withoutCategories)}::jsonb
      where id = ${old.requestId}`.execute(testDb.database.db);
    await sql`delete from compare_requests where id = ${gone.requestId}`.execute(
      testDb.database.db,
    );

    const history = await historyOf(browser);
    expect(history.map((entry) => [entry.requestId, entry.category])).toEqual([
      [gone.requestId, null],
      [old.requestId, null],
    ]);
    const favorites = await favoritesOf(browser);
    expect(favorites.map((favorite) => [favorite.url, favorite.category])).toEqual([
      [gone.product.url, null],
      [old.product.url, null],
    ]);
    const reopened = await browser.get(`/api/compare/${old.requestId}`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<CompareResponse>().product.category).toBeUndefined();
  });
});
