import { parseRetailerUrl } from '@ipick/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  delayed,
  page,
  startFixtureHttpServer,
  type FixtureHttpServer,
} from '../../../test/fixture-http-server.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createSafeFetcher, type SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import { AppError } from '../../platform/errors.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { ProductPageReader } from '../catalog/product-page-reader.ts';
import { loadDemoCatalog } from '../demo/catalog-loader.ts';
import { CompareRepository } from './compare-repository.ts';
import { CompareService, unreadableLinkMessage } from './compare-service.ts';

/** The fetch time limit of these tests: short, so that a hanging shop shows up quickly. */
const TIME_LIMIT_MS = 800;

let testDb: TestDatabase;
let shop: FixtureHttpServer;
let fetchers: SafeFetcher[] = [];
let compare: CompareService;
let strictCompare: CompareService;
let catalogProduct: { title: string; brand: string; gtin: string; offers: number };

function productPage(product: { title: string; brand: string; gtin: string }, price: string) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    brand: { '@type': 'Brand', name: product.brand },
    gtin13: product.gtin.slice(-13),
    offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability: 'InStock' },
  };
  return page(
    `<!doctype html><html><head><title>${product.title}</title>` +
      `<script type="application/ld+json">${JSON.stringify(data)}</script></head>` +
      `<body><h1>${product.title}</h1></body></html>`,
  );
}

function compareService(allowPrivate: boolean): CompareService {
  const fetcher = createSafeFetcher({ allowPrivate, timeoutMs: TIME_LIMIT_MS });
  fetchers.push(fetcher);
  const db = testDb.database.db;
  return new CompareService(
    new CompareRepository(db),
    new ProductPageReader(fetcher, new CatalogRepository(db)),
  );
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await loadDemoCatalog(testDb.database.db, { seed: 3, products: 80 });
  const { rows } = await sql<{ title: string; brand: string; gtin: string; offers: number }>`
    select p.title, p.brand, min(o.gtin) as gtin, count(*)::int as offers
    from products p join offers o on o.product_id = p.id
    where o.gtin is not null and p.brand is not null
    group by p.id having count(distinct o.retailer_id) >= 2
    order by p.title limit 1`.execute(testDb.database.db);
  catalogProduct = rows[0]!;
  shop = await startFixtureHttpServer({
    '/products/catalog-twin': productPage(catalogProduct, '1.00'),
    '/products/handmade-walnut-desk-organiser': page(
      '<!doctype html><html><head><title>About us</title></head><body>We make things.</body></html>',
    ),
    '/products/slow-bamboo-cutting-board': delayed(60_000, page('<html></html>')),
  });
  // Loopback is allowed here only because the fixture shop runs on it.
  compare = compareService(true);
  strictCompare = compareService(false);
});
afterAll(async () => {
  await Promise.all(fetchers.map((fetcher) => fetcher.close()));
  await shop?.close();
  await testDb?.dispose();
  fetchers = [];
});

async function failureOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('comparing a page that is not in the catalog', () => {
  it('reads the shop page and finds the same product at the catalog retailers', async () => {
    const result = await compare.compare(shop.url('/products/catalog-twin'));
    expect(result.product).toMatchObject({
      source: 'page',
      title: catalogProduct.title,
      priceMinor: 100,
      currency: 'USD',
    });
    expect(result.notice).toContain('is not one of the shops ipick compares');
    expect(result.sameProduct).toHaveLength(catalogProduct.offers);
    for (const offer of result.sameProduct) {
      expect(offer.reasons).toContain(`same GTIN ${catalogProduct.gtin}`);
      // The shop asks $1.00, so every catalog offer costs more.
      expect(offer.savingsMinor).toBe(100 - offer.priceMinor!);
    }
  });

  it('compares the words of the link when the page has no product', async () => {
    const result = await compare.compare(shop.url('/products/handmade-walnut-desk-organiser'));
    expect(result.product).toMatchObject({
      source: 'link',
      title: 'handmade walnut desk organiser',
    });
    expect(result.notice).toMatch(/does not describe a product.*compared the words of the link/);
  });

  it('gives up on a shop that does not answer within the time limit', async () => {
    const started = performance.now();
    const result = await compare.compare(shop.url('/products/slow-bamboo-cutting-board'));
    expect(performance.now() - started).toBeLessThan(TIME_LIMIT_MS + 2_000);
    expect(result.product.source).toBe('link');
    expect(result.notice).toContain('took too long to answer');
  });

  it('uses the words of the link when nothing listens at the address', async () => {
    const closed = await startFixtureHttpServer({});
    const url = closed.url('/item/stainless-steel-water-bottle-750ml');
    await closed.close();
    const result = await compare.compare(url);
    expect(result.product.title).toBe('stainless steel water bottle 750ml');
    expect(result.notice).toContain("couldn't connect to that website");
  });
});

describe('links ipick refuses or cannot use', () => {
  it('never fetches a private address', async () => {
    const requestsBefore = shop.requests.length;
    const result = await strictCompare.compare(shop.url('/products/oak-wall-shelf-80cm'));
    expect(result.product).toMatchObject({ source: 'link', title: 'oak wall shelf 80cm' });
    expect(result.notice).toContain('private network');
    expect(shop.requests).toHaveLength(requestsBefore);
  });

  it('says a known shop link is not a product page without fetching it', async () => {
    const error = await failureOf(compare.compare('https://www.amazon.com/s?k=television'));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe(
      'That is not a product page at Amazon. Open the product itself and paste its link.',
    );
    for (const url of [
      'https://www.bestbuy.com/site/searchpage.jsp?st=tv',
      'https://www.walmart.com/browse/electronics/tvs/3944_1060825',
      'https://www.target.com/',
    ]) {
      expect((await failureOf(compare.compare(url))).message).toMatch(
        /^That is not a product page/,
      );
    }
  });

  it('explains when neither the page nor the link names a product', async () => {
    const error = await failureOf(compare.compare('https://unknown-shop.invalid/'));
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(
      /^unknown-shop\.invalid is not one of the shops ipick compares\. .*The link itself does not name a product either\.$/,
    );
  });

  it("says a shop's product id is not in the catalog rather than that the link names nothing", () => {
    const reason = 'That website answered with an error instead of the page.';
    expect(
      unreadableLinkMessage(parseRetailerUrl('https://www.amazon.com/dp/B000000000')!, reason),
    ).toBe(`${reason} ipick's catalog does not have this Amazon product (B000000000) yet.`);
    expect(unreadableLinkMessage(parseRetailerUrl('https://shop.example/')!, reason)).toBe(
      `${reason} The link itself does not name a product either.`,
    );
  });

  it('refuses links that are not http or https', async () => {
    for (const url of ['ftp://example.com/item/1', 'javascript:alert(1)', 'not a link']) {
      const error = await failureOf(compare.compare(url));
      expect(error.code).toBe('invalid_request');
      expect(error.message).toMatch(/^url: /);
    }
  });
});
