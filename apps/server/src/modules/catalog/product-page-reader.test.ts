import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  page,
  startFixtureHttpServer,
  type FixtureHttpServer,
} from '../../../test/fixture-http-server.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createSafeFetcher, type SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import { CatalogRepository } from './catalog-repository.ts';
import { extractProduct } from './extraction/extract-product.ts';
import { ProductPageReader } from './product-page-reader.ts';

const fixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../test/fixtures/pages/${name}`, import.meta.url)),
    'utf8',
  );

let testDb: TestDatabase;
let shop: FixtureHttpServer;
let fetcher: SafeFetcher;
let reader: ProductPageReader;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // A local shop standing in for retailers' sites, serving pages shaped like theirs.
  shop = await startFixtureHttpServer({
    '/site/wh-900-headphones/6581234.p': page(fixture('bestbuy-product.html')),
    '/products/acme-kettle': page(fixture('generic-microdata.html')),
    '/og-only/lamp': page(fixture('generic-open-graph.html')),
    '/eur/kaffeemaschine': page(fixture('eur-shop-decimal-comma.html')),
    '/about-us': page(fixture('no-product-data.html')),
    '/image.png': page('PNG', { contentType: 'image/png' }),
  });
  // Private addresses are allowed only because this shop runs on loopback.
  fetcher = createSafeFetcher({ allowPrivate: true, timeoutMs: 5000 });
  reader = new ProductPageReader(fetcher, new CatalogRepository(testDb.database.db));
});
afterAll(async () => {
  await fetcher?.close();
  await shop?.close();
  await testDb?.dispose();
});

interface FixturePage {
  file: string;
  pageUrl: string;
}
const fixturePages = (JSON.parse(fixture('pages.json')) as { pages: FixturePage[] }).pages.filter(
  (entry) => !['listing-many-prices.html', 'no-product-data.html'].includes(entry.file),
);

describe('every retailer-shaped fixture page, served over HTTP', () => {
  let retailerShop: FixtureHttpServer;
  beforeAll(async () => {
    // Each page at its own path, as the retailer's site would serve it.
    retailerShop = await startFixtureHttpServer(
      Object.fromEntries(
        fixturePages.map((entry) => [new URL(entry.pageUrl).pathname, page(fixture(entry.file))]),
      ),
    );
  });
  afterAll(() => retailerShop?.close());

  it.each(fixturePages.map((entry) => [entry.file, entry.pageUrl]))(
    '%s is fetched, read and stored with a title and a price',
    async (file, pageUrl) => {
      const { pathname, search } = new URL(pageUrl);
      const result = await reader.read(retailerShop.url(`${pathname}${search}`));
      expect(result.extracted, file).toEqual(extractProduct(fixture(file), result.offer.url));
      expect(result.offer.title.length).toBeGreaterThan(3);
      expect(result.offer.priceMinor).toBeGreaterThan(0);
      expect(result.offer.currency).toMatch(/^[A-Z]{3}$/);
    },
  );
});

describe('reading a product page through the real fetcher', () => {
  it('reads a JSON-LD page and stores it as an offer of the shop', async () => {
    const result = await reader.read(
      shop.url('/site/wh-900-headphones/6581234.p?skuId=6581234&utm_source=x'),
    );
    expect(result.extracted.source).toBe('json-ld');
    expect(result.offer).toMatchObject({ retailerProductId: '6581234.p', currency: 'USD' });
    expect(result.offer.title).toMatch(/WH-900/);
    expect(result.offer.gtin).toMatch(/^\d{14}$/);
    expect(result.offer.url).not.toContain('utm_source');
    const stored = await sql<{ title: string; price_minor: number }>`
      select title, price_minor from offers where url = ${result.offer.url}`.execute(
      testDb.database.db,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.price_minor).toBe(result.offer.priceMinor);
  });

  it('reads microdata, Open Graph and decimal-comma pages', async () => {
    const microdata = await reader.read(shop.url('/products/acme-kettle'));
    expect(microdata.extracted.source).toBe('microdata');
    const openGraph = await reader.read(shop.url('/og-only/lamp'));
    expect(openGraph.extracted.source).toBe('open-graph');
    const eur = await reader.read(shop.url('/eur/kaffeemaschine'));
    expect(eur.offer.currency).toBe('EUR');
    expect(eur.offer.priceMinor).toBeGreaterThan(100_00);
  });

  it('says clearly when a page has no product, is not a page, is missing, or is private', async () => {
    await expect(reader.read(shop.url('/about-us'))).rejects.toThrow('does not describe a product');
    await expect(reader.read(shop.url('/image.png'))).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(reader.read(shop.url('/nowhere'))).rejects.toMatchObject({
      code: 'invalid_request',
    });
    const strictFetcher = createSafeFetcher();
    const strict = new ProductPageReader(strictFetcher, new CatalogRepository(testDb.database.db));
    await expect(strict.read(shop.url('/products/acme-kettle'))).rejects.toThrow(
      /private network/i,
    );
    await strictFetcher.close();
    await expect(reader.read('ftp://example.com/x')).rejects.toThrow('only http and https');
  });
});
