import { describe, expect, it } from 'vitest';
import {
  checkProductUrl,
  makeProductSlug,
  productUrlFromLocation,
  withAssumedScheme,
} from './product-url.ts';

function slugOf(href: string): string {
  return makeProductSlug(new URL(href));
}

describe('makeProductSlug (spec §2)', () => {
  it.each([
    ['https://www.amazon.com/Echo-Dot/dp/B09B8V1LZ3', 'amazon-com-b09b8v1lz3'],
    ['https://www.walmart.com/ip/Some-Thing/123?x=1', 'walmart-com-123'],
    ['https://www.target.com/p/a-thing/-/A-54191097', 'target-com-a-54191097'],
    [
      'https://www.costco.com/lg-65-tv.product.4000243410.html',
      'costco-com-lg-65-tv-product-4000243410-html',
    ],
    ['https://bestbuy.com/site/sony/6505727.p?skuId=6505727', 'bestbuy-com-6505727-p'],
  ])('%s -> %s', (href, slug) => {
    expect(slugOf(href)).toBe(slug);
  });

  it('drops only a leading www.', () => {
    expect(slugOf('https://www2.example.com/x')).toBe('www2-example-com-x');
    expect(slugOf('https://shop.www.example.com/x')).toBe('shop-www-example-com-x');
  });

  it('uses the segment before a trailing slash', () => {
    expect(slugOf('https://www.ebay.com/itm/1234567890/')).toBe('ebay-com-1234567890');
  });

  it('uses the host alone when the path is empty or query-only', () => {
    expect(slugOf('https://www.newegg.com/?item=N82E16819113793')).toBe('newegg-com');
    expect(slugOf('https://www.newegg.com')).toBe('newegg-com');
  });

  it('ignores the port', () => {
    expect(slugOf('http://localhost:8080/products/Blue-Kettle')).toBe('localhost-blue-kettle');
  });

  it('decodes percent-encoded characters and folds accents', () => {
    expect(slugOf('https://shop.example.fr/caf%C3%A9%20cr%C3%A8me')).toBe(
      'shop-example-fr-cafe-creme',
    );
  });

  it('keeps malformed percent-encoding as text', () => {
    expect(slugOf('https://example.com/50%off')).toBe('example-com-50-off');
  });

  it('uses the punycode form of internationalised hosts', () => {
    expect(slugOf('https://bücher.de/Der-Zauberberg')).toBe('xn-bcher-kva-de-der-zauberberg');
  });

  it('collapses runs and trims hyphens', () => {
    expect(slugOf('https://example.com/--Hello!!__World--')).toBe('example-com-hello-world');
  });

  it("falls back to 'unknown-product' when nothing alphanumeric is left", () => {
    expect(slugOf('http://[::]/')).toBe('unknown-product');
  });
});

describe('checkProductUrl (spec §5)', () => {
  it.each([
    'https://www.amazon.com/dp/B09B8V1LZ3',
    'http://localhost:3000/p/1',
    'http://127.0.0.1:4010/shop/item.html',
    'https://bücher.de/x',
    '  https://www.walmart.com/ip/123  ',
  ])('accepts %s', (input) => {
    expect(checkProductUrl(input).ok).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['not a url', 'not a valid web address'],
    ['https://', 'not a valid web address'],
    ['https://%%%garbage', 'not a valid web address'],
    ['ftp://example.com/file', 'must start with http'],
    ['javascript:alert(1)', 'must start with http'],
    ['https://garbage', 'real website'],
    ['https://exa mple.com/x', 'not a valid web address'],
    ['https://user:secret@example.com/x', 'user name or password'],
    [`https://example.com/${'a'.repeat(2100)}`, 'longer than 2048'],
  ])('refuses %j with a reason naming the problem', (input, reason) => {
    const result = checkProductUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('marks only an over-long link as too long, so pages can say so', () => {
    const long = checkProductUrl(`https://example.com/${'a'.repeat(2100)}`);
    expect(long).toMatchObject({ ok: false, tooLong: true });
    const bad = checkProductUrl('not a url');
    expect(bad.ok || bad.tooLong).toBeFalsy();
  });
});

describe('withAssumedScheme', () => {
  it.each([
    [
      'www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight',
      'https://www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight',
    ],
    ['  amazon.com/dp/B0?th=1 ', 'https://amazon.com/dp/B0?th=1'],
    ['Shop.Example.co.uk:8443/p/1', 'https://Shop.Example.co.uk:8443/p/1'],
  ])('adds https:// to %j', (input, expected) => {
    expect(withAssumedScheme(input)).toBe(expected);
    expect(checkProductUrl(withAssumedScheme(input)).ok).toBe(true);
  });

  it.each([
    'https://www.apple.com/x',
    'HTTP://example.com/x',
    'not a link',
    'favicon.ico',
    'localhost:3000/p/1',
    '10.0.0.1/p',
    'ftp://example.com/file',
    'javascript:alert(1)',
  ])('leaves %j alone', (input) => {
    expect(withAssumedScheme(input)).toBe(input);
  });
});

describe('productUrlFromLocation', () => {
  it('reads an https URL placed in the path and keeps its query string', () => {
    expect(productUrlFromLocation('/https://www.walmart.com/ip/Some-Thing/123', '?x=1', '')).toBe(
      'https://www.walmart.com/ip/Some-Thing/123?x=1',
    );
  });

  it('keeps the fragment', () => {
    expect(productUrlFromLocation('/http://example.com/p', '', '#reviews')).toBe(
      'http://example.com/p#reviews',
    );
  });

  it('repairs a squashed double slash and an upper-case scheme', () => {
    expect(productUrlFromLocation('/HTTPS:/www.amazon.com/dp/B0', '', '')).toBe(
      'https://www.amazon.com/dp/B0',
    );
  });

  it('decodes a percent-encoded URL in the path', () => {
    expect(productUrlFromLocation('/https%3A%2F%2Fwww.amazon.com%2Fdp%2FB0', '', '')).toBe(
      'https://www.amazon.com/dp/B0',
    );
  });

  it('ignores ordinary app paths', () => {
    expect(productUrlFromLocation('/browse/gaming', '', '')).toBeNull();
    expect(productUrlFromLocation('/', '?error=invalid-url', '')).toBeNull();
    expect(productUrlFromLocation('/httpbin', '', '')).toBeNull();
  });

  it('reads a path that starts with a bare domain name as an https link (the /{host} route)', () => {
    expect(
      productUrlFromLocation(
        '/www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight',
        '?fnode=abc',
        '#specs',
      ),
    ).toBe(
      'https://www.apple.com/shop/product/MWDJ0LL/A/airpods-max-lightning-starlight?fnode=abc#specs',
    );
    expect(productUrlFromLocation('/amazon.com', '', '')).toBe('https://amazon.com');
    expect(productUrlFromLocation('//amazon.com/dp/B0', '', '')).toBe('https://amazon.com/dp/B0');
  });

  it('leaves root files, assets, app pages and non-domains alone', () => {
    for (const path of [
      '/favicon.ico',
      '/robots.txt',
      '/manifest.webmanifest',
      '/index.html',
      '/sw.js',
      '/assets/index-Bx1.js',
      '/.well-known/security.txt',
      '/new-search/0b6f/amazon-com-b0',
      '/handler/account-settings',
      '/localhost/p',
      '/10.0.0.1/p',
      '/amazon',
      '/amazon.',
      '/a..com/x',
    ]) {
      expect(productUrlFromLocation(path, '', ''), path).toBeNull();
    }
  });

  it('returns the garbage after https:// for the validator to refuse', () => {
    const candidate = productUrlFromLocation('/https://%%%', '', '');
    expect(candidate).toBe('https://%%%');
    expect(checkProductUrl(candidate!).ok).toBe(false);
  });
});
