import { randomUUID } from 'node:crypto';
import type { CompareResponse } from '@ipick/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadDemoCatalog } from '../demo/catalog-loader.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await loadDemoCatalog(testDb.database.db, { seed: 7, products: 60 });
  app = await buildTestApp(testDb);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function compare(body: unknown) {
  return app.inject({ method: 'POST', url: '/api/compare', payload: body as object });
}

describe('POST /api/compare', () => {
  it('finds the same product at other retailers, cheapest first, with savings', async () => {
    const { rows } = await sql<{ url: string; product_id: string; price_minor: number }>`
      select o.url, o.product_id, o.price_minor from offers o
      where o.product_id in (
        select product_id from offers where price_minor is not null
        group by product_id having count(distinct retailer_id) >= 3)
      order by o.price_minor desc limit 1`.execute(testDb.database.db);
    const pasted = rows[0]!;
    const requestId = randomUUID();
    const response = await compare({ url: pasted.url, requestId });
    expect(response.statusCode).toBe(200);
    const result = response.json<CompareResponse>();
    expect(result.requestId).toBe(requestId);
    expect(result.product).toMatchObject({ source: 'catalog', priceMinor: pasted.price_minor });

    const siblings = await sql<{ id: string }>`
      select id from offers where product_id = ${pasted.product_id} and url <> ${pasted.url}`.execute(
      testDb.database.db,
    );
    // Each sibling is the same product, or a similar one for a hard difference (a used unit).
    const found = [...result.sameProduct, ...result.alternatives].map((offer) => offer.offerId);
    for (const sibling of siblings.rows) expect(found).toContain(sibling.id);
    for (const offer of result.alternatives)
      if (siblings.rows.some((sibling) => sibling.id === offer.offerId))
        expect(offer.differences?.length).toBeGreaterThan(0);

    // Lowest total (price plus shipping) first.
    const totals = result.sameProduct.map(
      (offer) => (offer.priceMinor ?? Infinity) + (offer.shippingMinor ?? 0),
    );
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const shipping = await sql<{ id: string; shipping_minor: number | null }>`
      select id, shipping_minor from offers where id in (${sql.join(found)})`.execute(
      testDb.database.db,
    );
    const shippingOf = new Map(shipping.rows.map((row) => [row.id, row.shipping_minor]));
    const pastedTotal = pasted.price_minor + (result.product.shippingMinor ?? 0);
    for (const offer of result.sameProduct) {
      // Savings compare totals: price plus shipping on both sides.
      expect(offer.tier).not.toBe('similar');
      if (offer.priceMinor !== null)
        expect(offer.savingsMinor).toBe(
          pastedTotal - offer.priceMinor - (offer.shippingMinor ?? 0),
        );
      expect(offer.shippingMinor).toBe(shippingOf.get(offer.offerId));
      expect(offer.reasons.length).toBeGreaterThan(0);
      expect(offer.confidence).toBeGreaterThan(0);
    }

    const again = await app.inject({ url: `/api/compare/${requestId}` });
    expect(again.json()).toEqual(result);
  });

  it('falls back to the words of the link when the page cannot be read', async () => {
    const response = await compare({
      url: 'https://unknown-shop.invalid/products/acme-stainless-kettle-1-7l',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<CompareResponse>();
    expect(result.product).toMatchObject({ source: 'link', title: 'acme stainless kettle 1 7l' });
    expect(result.notice).toMatch(/compared the product's name from the link instead/);
  });

  it('refuses bad input with a message naming the field', async () => {
    const scheme = await compare({ url: 'ftp://example.com/file' });
    expect(scheme.statusCode).toBe(400);
    expect(scheme.json<{ error: string }>().error).toMatch(/^url: /);
    const missing = await compare({});
    expect(missing.json<{ error: string }>().error).toContain('body.url');
    expect((await app.inject({ url: `/api/compare/${randomUUID()}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/compare/not-an-id' })).statusCode).toBe(400);
  });

  it("keeps the search indexes' pending entries few, so a title search reads little of them", async () => {
    // Migration 0053: PGlite has no autovacuum to merge a GIN index's pending list, which
    // every search through the index reads in full.
    const { rows } = await sql<{ name: string; options: string[] | null }>`
      select relname as name, reloptions as options from pg_class
      where relname in ('offers_title_words_idx', 'offers_title_trgm_idx',
                        'products_title_trgm_idx', 'products_search_idx')
      order by relname`.execute(testDb.database.db);
    expect(rows.map((row) => row.name)).toEqual([
      'offers_title_trgm_idx',
      'offers_title_words_idx',
      'products_search_idx',
      'products_title_trgm_idx',
    ]);
    for (const row of rows) expect(row.options).toContain('gin_pending_list_limit=64');
  });
});
