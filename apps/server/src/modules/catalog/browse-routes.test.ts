import { randomUUID } from 'node:crypto';
import {
  browseResponseSchema,
  catalogCategoriesResponseSchema,
  compareExamplesResponseSchema,
  type BrowseResponse,
} from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadDemoCatalog } from '../demo/catalog-loader.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

/** A product whose offers have no price, and one with no offers at all (never listed). */
const unpriced = { id: randomUUID(), title: 'Zeta unpriced widget', category: 'accessories' };
const offerless = { id: randomUUID(), title: 'Lonely gadget', category: 'lonely-things' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  await loadDemoCatalog(testDb.database.db, { seed: 7, products: 200 });
  const db = testDb.database.db;
  await sql`
    insert into products (id, title, brand, category) values
      (${unpriced.id}, ${unpriced.title}, 'Zeta', ${unpriced.category}),
      (${offerless.id}, ${offerless.title}, 'Nobody', ${offerless.category})`.execute(db);
  await sql`
    insert into offers (id, retailer_id, retailer_product_id, product_id, url, title)
    select gen_random_uuid(), r.id, 'zeta-1', ${unpriced.id}, 'https://' || r.hosts[1] || '/zeta-1',
      ${unpriced.title}
    from retailers r order by r.key limit 2`.execute(db);
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

interface ExpectedProduct {
  id: string;
  title: string;
  category: string | null;
  offer_count: number;
  retailer_count: number;
  lowest: number | null;
}

/**
 * Every browsable product with its offer figures, computed here in plain SQL (one row per
 * product with offers), filtered and ordered as the test says.
 */
async function expectedProducts(
  where: RawBuilder<unknown> = sql`true`,
  orderBy: RawBuilder<unknown> = sql`offer_count desc, title, id`,
): Promise<ExpectedProduct[]> {
  const { rows } = await sql<ExpectedProduct>`
    select * from (
      select p.id, p.title, p.category, p.search_vector,
        count(*)::int as offer_count,
        count(distinct o.retailer_id)::int as retailer_count,
        min(o.price_minor) as lowest
      from products p join offers o on o.product_id = p.id
      group by p.id
    ) x
    where ${where}
    order by ${orderBy}`.execute(testDb.database.db);
  return rows;
}

async function browse(query: Record<string, string | number> = {}): Promise<BrowseResponse> {
  const search = new URLSearchParams(
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  ).toString();
  const response = await app.inject({ url: `/api/catalog/products?${search}` });
  expect(response.statusCode, response.body).toBe(200);
  return browseResponseSchema.parse(response.json());
}

const ids = (items: { productId: string }[]) => items.map((item) => item.productId);

describe('GET /api/catalog/products', () => {
  it('lists products with offers, most offers first, with their cheapest offer', async () => {
    const expected = await expectedProducts();
    const page = await browse();
    expect(page).toMatchObject({ page: 1, pageSize: 24, total: expected.length });
    expect(ids(page.items)).toEqual(expected.slice(0, 24).map((row) => row.id));
    expect(ids(page.items)).not.toContain(offerless.id);

    const { rows: cheapest } = await sql<{
      product_id: string;
      url: string;
      retailer_name: string;
      currency: string;
    }>`
      select distinct on (o.product_id) o.product_id, o.url, r.display_name as retailer_name,
        o.currency
      from offers o join retailers r on r.id = o.retailer_id
      where o.product_id = any(${ids(page.items)}::uuid[])
      order by o.product_id, o.price_minor asc nulls last, o.id`.execute(testDb.database.db);
    for (const item of page.items) {
      const row = expected.find((product) => product.id === item.productId)!;
      const offer = cheapest.find((candidate) => candidate.product_id === item.productId)!;
      expect(item).toMatchObject({
        title: row.title,
        category: row.category,
        offerCount: row.offer_count,
        retailerCount: row.retailer_count,
        lowestPriceMinor: row.lowest,
        url: offer.url,
        retailerName: offer.retailer_name,
        currency: offer.currency,
      });
    }
  });

  it('pages through the list without gaps or overlaps', async () => {
    const expected = await expectedProducts();
    const second = await browse({ page: 2, pageSize: 7 });
    expect(second).toMatchObject({ page: 2, pageSize: 7, total: expected.length });
    expect(ids(second.items)).toEqual(expected.slice(7, 14).map((row) => row.id));

    const lastPage = Math.ceil(expected.length / 10);
    const last = await browse({ page: lastPage, pageSize: 10 });
    expect(ids(last.items)).toEqual(expected.slice((lastPage - 1) * 10).map((row) => row.id));

    const beyond = await browse({ page: lastPage + 1, pageSize: 10 });
    expect(beyond).toEqual({ items: [], page: lastPage + 1, pageSize: 10, total: expected.length });
  });

  it('filters by category', async () => {
    const expected = await expectedProducts(sql`category = 'gaming'`);
    expect(expected.length).toBeGreaterThan(0);
    const page = await browse({ category: 'gaming', pageSize: 96 });
    expect(page.total).toBe(expected.length);
    expect(ids(page.items)).toEqual(expected.slice(0, 96).map((row) => row.id));

    expect((await browse({ category: 'no-such-category' })).total).toBe(0);
    expect((await browse({ category: offerless.category })).total).toBe(0);
  });

  it('finds products by several words, best match first', async () => {
    const words = sql`to_tsquery('english', 'lg:* & tv:*')`;
    const expected = await expectedProducts(
      sql`(search_vector @@ ${words} or title ilike '%lg tv%')`,
      sql`ts_rank(search_vector, ${words}) desc, offer_count desc, title, id`,
    );
    expect(expected.length).toBeGreaterThan(1);
    const page = await browse({ q: 'LG TV', pageSize: 96 });
    expect(page.total).toBe(expected.length);
    expect(ids(page.items)).toEqual(expected.map((row) => row.id));
    for (const item of page.items) {
      expect(`${item.brand ?? ''} ${item.title}`.toLowerCase()).toMatch(/\blg/);
      expect(item.title.toLowerCase()).toMatch(/\btv/);
    }

    // Punctuation does not count; the category narrows the search further.
    expect(ids((await browse({ q: 'lg, tv!', pageSize: 96 })).items)).toEqual(ids(page.items));
    expect((await browse({ q: 'lg tv', category: 'kitchen' })).total).toBe(0);
    expect((await browse({ q: 'qqqzzzxxy' })).total).toBe(0);
    expect((await browse({ q: '!!' })).total).toBe(0);
  });

  it('matches the beginnings of words, so a search can be typed halfway', async () => {
    const page = await browse({ q: 'sams tv', pageSize: 96 });
    expect(page.total).toBeGreaterThan(1);
    for (const item of page.items) {
      expect(`${item.brand ?? ''} ${item.title}`.toLowerCase()).toMatch(/\bsams/);
    }
    const whole = await browse({ q: 'samsung tv', pageSize: 96 });
    expect(ids(page.items)).toEqual(expect.arrayContaining(ids(whole.items)));
  });

  it('filters on the cheapest offer price, bounds included', async () => {
    const all = await expectedProducts(sql`lowest is not null`, sql`lowest, id`);
    const min = all[Math.floor(all.length / 4)]!.lowest!;
    const max = all[Math.floor((all.length * 3) / 4)]!.lowest!;
    const expected = await expectedProducts(
      sql`lowest between ${min} and ${max}`,
      sql`lowest asc, title, id`,
    );
    const page = await browse({
      minPriceMinor: min,
      maxPriceMinor: max,
      sort: 'price-asc',
      pageSize: 96,
    });
    expect(page.total).toBe(expected.length);
    expect(ids(page.items)).toEqual(expected.slice(0, 96).map((row) => row.id));
    expect(page.items[0]!.lowestPriceMinor).toBe(min);
    for (const item of page.items) {
      expect(item.lowestPriceMinor).toBeGreaterThanOrEqual(min);
      expect(item.lowestPriceMinor).toBeLessThanOrEqual(max);
    }
    const above = await browse({ minPriceMinor: 0 });
    expect(above.total).toBe(all.length);
    expect(
      ids((await browse({ minPriceMinor: 0, pageSize: 96, sort: 'price-desc' })).items),
    ).not.toContain(unpriced.id);
  });

  it.each([
    ['price-asc', sql`lowest asc nulls last, title, id`],
    ['price-desc', sql`lowest desc nulls last, title, id`],
    ['offers', sql`offer_count desc, title, id`],
  ] as const)('sorts by %s', async (sort, orderBy) => {
    const expected = await expectedProducts(sql`true`, orderBy);
    const first = await browse({ sort, pageSize: 96 });
    expect(ids(first.items)).toEqual(expected.slice(0, 96).map((row) => row.id));
    const lastPage = Math.ceil(expected.length / 96);
    const last = await browse({ sort, pageSize: 96, page: lastPage });
    expect(ids(last.items)).toEqual(expected.slice((lastPage - 1) * 96).map((row) => row.id));
  });

  it('lists a product whose offers have no price, last by price', async () => {
    const last = (await browse({ sort: 'price-asc', pageSize: 96, page: 1000 })).total;
    const lastPage = Math.ceil(last / 96);
    const page = await browse({ sort: 'price-asc', pageSize: 96, page: lastPage });
    expect(page.items.at(-1)).toMatchObject({
      productId: unpriced.id,
      lowestPriceMinor: null,
      offerCount: 2,
      retailerCount: 2,
    });
  });

  it('names the bad query field', async () => {
    const cases: [string, string][] = [
      ['minPriceMinor=abc', 'query.minPriceMinor: minPriceMinor must be a number of cents'],
      ['maxPriceMinor=1.5', 'query.maxPriceMinor: maxPriceMinor must be a whole number of cents'],
      ['minPriceMinor=-1', 'query.minPriceMinor: minPriceMinor cannot be negative'],
      [
        'minPriceMinor=500&maxPriceMinor=100',
        'query.minPriceMinor: minPriceMinor must not be above maxPriceMinor',
      ],
      ['page=0', 'query.page: page starts at 1'],
      [`q=${'a'.repeat(201)}`, 'query.q: q: the search is too long (200 characters at most)'],
    ];
    for (const [query, message] of cases) {
      const response = await app.inject({ url: `/api/catalog/products?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'invalid_request' });
    }
    const sort = await app.inject({ url: '/api/catalog/products?sort=cheapest' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json<{ error: string }>().error).toMatch(/^query\.sort: /);
  });
});

describe('GET /api/catalog/categories', () => {
  it('lists the categories that have products with offers, with their price range', async () => {
    const { rows } = await sql<{ slug: string; count: number; min: number; max: number }>`
      select p.category as slug, count(distinct p.id)::int as count,
        min(o.price_minor) as min, max(o.price_minor) as max
      from products p join offers o on o.product_id = p.id
      group by p.category order by p.category`.execute(testDb.database.db);
    const response = await app.inject({ url: '/api/catalog/categories' });
    expect(response.statusCode).toBe(200);
    const { categories } = catalogCategoriesResponseSchema.parse(response.json());
    expect(categories).toEqual(
      rows.map((row) => ({
        slug: row.slug,
        name: row.slug.charAt(0).toUpperCase() + row.slug.slice(1).replace(/-/g, ' '),
        productCount: row.count,
        minPriceMinor: row.min,
        maxPriceMinor: row.max,
      })),
    );
    expect(categories.map((category) => category.slug)).not.toContain(offerless.category);
    expect(categories.find((category) => category.slug === 'small-tech')?.name).toBe('Small tech');
    expect(categories.find((category) => category.slug === 'gaming')?.name).toBe('Gaming');
  });
});

describe('GET /api/compare/examples', () => {
  it('offers up to six catalog links of products at three or more retailers, spread out', async () => {
    const response = await app.inject({ url: '/api/compare/examples' });
    expect(response.statusCode).toBe(200);
    const { examples } = compareExamplesResponseSchema.parse(response.json());
    expect(examples).toHaveLength(6);

    const { rows } = await sql<{
      url: string;
      product_id: string;
      category: string;
      retailers: number;
      dearest: number | null;
    }>`
      select o.url, o.product_id, p.category,
        (select count(distinct retailer_id)::int from offers where product_id = o.product_id)
          as retailers,
        (select max(price_minor) from offers where product_id = o.product_id) as dearest
      from offers o join products p on p.id = o.product_id
      where o.url = any(${examples.map((example) => example.url)})`.execute(testDb.database.db);
    const { rows: eligible } = await sql<{ categories: number }>`
      select count(distinct p.category)::int as categories from products p
      where (select count(distinct retailer_id) from offers where product_id = p.id) >= 3`.execute(
      testDb.database.db,
    );
    for (const example of examples) {
      const row = rows.find((candidate) => candidate.url === example.url)!;
      expect(row.retailers).toBeGreaterThanOrEqual(3);
      expect(example.otherRetailers).toBe(row.retailers - 1);
      expect(example.priceMinor).toBe(row.dearest);
      // Its category, for the drawing the landing page shows when it has no picture.
      expect(example.category).toBe(row.category);
    }
    expect(new Set(rows.map((row) => row.category)).size).toBe(
      Math.min(6, eligible[0]!.categories),
    );
    // The same catalog gives the same examples.
    const again = await app.inject({ url: '/api/compare/examples' });
    expect(again.json()).toEqual(response.json());
  });
});

describe('an empty catalog', () => {
  let emptyDb: TestDatabase;
  let emptyApp: FastifyInstance;

  beforeAll(async () => {
    emptyDb = await createTestDatabase();
    emptyApp = await buildTestApp(emptyDb);
  });
  afterAll(async () => {
    await emptyApp?.close();
    await emptyDb?.dispose();
  });

  it('has no examples, categories or products', async () => {
    expect((await emptyApp.inject({ url: '/api/compare/examples' })).json()).toEqual({
      examples: [],
    });
    expect((await emptyApp.inject({ url: '/api/catalog/categories' })).json()).toEqual({
      categories: [],
    });
    expect((await emptyApp.inject({ url: '/api/catalog/products?q=tv' })).json()).toEqual({
      items: [],
      page: 1,
      pageSize: 24,
      total: 0,
    });
  });
});
