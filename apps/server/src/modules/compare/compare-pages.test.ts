import type { CompareResponse } from '@ipick/contracts';
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
    // Every catalog offer of the product: the same product, or (used, refurbished) a similar one.
    const offers = [...result.sameProduct, ...result.alternatives].filter((offer) =>
      offer.reasons.includes(`Same barcode (GTIN ${catalogProduct.gtin})`),
    );
    expect(offers).toHaveLength(catalogProduct.offers);
    for (const offer of offers) {
      expect(offer.evidenceTier).toBe('same');
      if (offer.tier === 'similar') expect(offer.differences?.[0]?.kind).toBe('condition');
      // The shop asks $1.00 (shipping unknown), so every catalog offer costs more, shipping in.
      expect(offer.savingsMinor).toBe(100 - offer.priceMinor! - (offer.shippingMinor ?? 0));
    }
  });

  it('compares the words of the link when the page has no product', async () => {
    const result = await compare.compare(shop.url('/products/handmade-walnut-desk-organiser'));
    expect(result.product).toMatchObject({
      source: 'link',
      title: 'handmade walnut desk organiser',
      // Nothing says what kind of product a link's words name: the card draws a neutral parcel.
      category: null,
    });
    expect(result.notice).toMatch(
      /does not describe a product.*compared the product's name from the link instead\.$/,
    );
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

describe("links ipick doesn't have (issue 19)", () => {
  /** A comparison whose page reader never gets a page, as with a shop that blocks ipick. */
  const unreadable = () =>
    new CompareService(new CompareRepository(testDb.database.db), {
      read: () =>
        Promise.reject(
          new AppError(
            'invalid_request',
            "ipick couldn't find that website. Check the address for typos.",
          ),
        ),
    } as unknown as ProductPageReader);
  const slug = () =>
    catalogProduct.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const offerIds = (result: CompareResponse) =>
    [...result.sameProduct, ...result.alternatives].map((offer) => offer.offerId).sort();

  it('names a known shop properly and says ipick could not read its page', async () => {
    const amazon = await unreadable().compare(`https://www.amazon.com/${slug()}/dp/B0ABCDEFGH`);
    expect(amazon.product).toMatchObject({
      source: 'link',
      retailer: 'amazon',
      retailerName: 'Amazon',
    });
    expect(amazon.notice).toBe(
      "ipick couldn't read this Amazon page, so it compared the product's name from the link.",
    );

    const bh = await unreadable().compare(
      `https://www.bhphotovideo.com/c/product/1706218-REG/${slug().replace(/-/g, '_')}.html`,
    );
    expect(bh.product.retailerName).toBe('B&H Photo');
    expect(bh.notice).toBe(
      "ipick couldn't read this B&H Photo page, so it compared the product's name from the link. B&H Photo is not one of the shops ipick compares.",
    );
    for (const notice of [amazon.notice, bh.notice])
      expect(notice).not.toMatch(/couldn't find that website/);
  });

  it('finds the same offers for the same words whatever shop the link came from', async () => {
    const service = unreadable();
    const results = await Promise.all(
      [
        `https://www.amazon.com/${slug()}/dp/B0ABCDEFGH`,
        `https://www.target.com/p/${slug()}/-/A-99999999`,
        `https://www.walmart.com/ip/${slug()}/999999999`,
        `https://www.ikea.com/us/en/p/${slug()}-99999999/`,
      ].map((url) => service.compare(url)),
    );
    expect(new Set(results.map((result) => result.product.title)).size).toBe(1);
    expect(offerIds(results[0]!).length).toBeGreaterThan(0);
    for (const result of results.slice(1)) expect(offerIds(result)).toEqual(offerIds(results[0]!));

    // A slug with words no listing has ("zqxv wkpj", a model the catalog lacks) is not a dead end.
    const noisy = await service.compare(`https://www.amazon.com/zqxv-wkpj-${slug()}/dp/B0ABCDEFGH`);
    expect(offerIds(noisy)).toEqual(offerIds(results[0]!));
  });

  it("compares a country store's link in its own currency and says when ipick has none in it", async () => {
    const result = await unreadable().compare(`https://www.amazon.co.uk/${slug()}/dp/B0ABCDEFGH`);
    expect(result.product).toMatchObject({ retailerName: 'Amazon', currency: 'GBP' });
    expect(offerIds(result).length).toBeGreaterThan(0);
    expect(result.notice).toContain(
      'ipick has no offers in British Pound (GBP) for this product, so it does not compare prices with yours: the prices below are in US Dollar (USD).',
    );
    for (const offer of [...result.sameProduct, ...result.alternatives])
      expect(offer.savingsMinor).toBeNull();
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
      unreadableLinkMessage(parseRetailerUrl('https://www.amazon.com/dp/B000000000')!, 'Amazon', [
        "ipick couldn't read this Amazon page",
        null,
      ]),
    ).toBe(
      "ipick couldn't read this Amazon page, and its link doesn't name the product. ipick's catalog does not have this Amazon product (B000000000) yet.",
    );
    expect(
      unreadableLinkMessage(parseRetailerUrl('https://shop.example/')!, null, [null, reason]),
    ).toBe(`${reason} The link itself does not name a product either.`);
  });

  it('refuses links that are not http or https', async () => {
    for (const url of ['ftp://example.com/item/1', 'javascript:alert(1)', 'not a link']) {
      const error = await failureOf(compare.compare(url));
      expect(error.code).toBe('invalid_request');
      expect(error.message).toMatch(/^url: /);
    }
  });
});
