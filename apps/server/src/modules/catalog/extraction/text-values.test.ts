import { describe, expect, it } from 'vitest';
import { cleanPageTitle, hostSiteName } from './page-title.ts';
import {
  cleanText,
  decodeHtmlEntities,
  normalizeAvailability,
  normalizeCondition,
  readGtin,
  stripTags,
  toAbsoluteUrl,
} from './text-values.ts';

describe('cleanText', () => {
  it.each([
    ['  Widget \n\t 3000  ', 'Widget 3000'],
    ['Tom &amp; Jerry &#8211; &eacute;t&eacute;', 'Tom & Jerry – été'],
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['Wi<b>dg</b>et', 'Widget'],
    ['a<script>alert(1)</script>b', 'a b'],
    ['price < 10 and > 5', 'price < 10 and > 5'],
    ['zero\u200bwidth\u202eoverride\u0000null', 'zerowidthoverride null'],
    ['   ', null],
    [42, '42'],
    [{}, null],
  ])('%j → %j', (input, expected) => {
    expect(cleanText(input, 100)).toBe(expected);
  });

  it('cuts long text at a word with an ellipsis', () => {
    const text = cleanText('word '.repeat(100), 52)!;
    expect(text.length).toBeLessThanOrEqual(52);
    expect(text.endsWith('word…')).toBe(true);
  });

  it('does not split a surrogate pair', () => {
    const text = cleanText('😀'.repeat(10), 5)!;
    expect(text).toBe('😀😀…');
  });
});

describe('stripTags', () => {
  it('is linear on unclosed tags', () => {
    expect(stripTags(`ok${'<a'.repeat(100_000)}`)).toBe('ok');
  });

  it('drops the rest of an unterminated script', () => {
    expect(stripTags('a<script>b')).toBe('a ');
  });
});

describe('decodeHtmlEntities', () => {
  it('leaves unknown and invalid entities alone', () => {
    expect(decodeHtmlEntities('&bogus; &#xD800; &#0; &amp')).toBe('&bogus; \ufffd \ufffd &amp');
  });
});

describe('toAbsoluteUrl', () => {
  it.each([
    ['/a.jpg', 'https://shop.example/a.jpg'],
    ['//cdn.example/a.jpg', 'https://cdn.example/a.jpg'],
    ['  https://x.example/a b.jpg ', 'https://x.example/a%20b.jpg'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['https://user:pass@x.example/', null],
    [`https://x.example/${'a'.repeat(3_000)}`, null],
    ['', null],
  ])('%s', (input, expected) => {
    expect(toAbsoluteUrl(input, 'https://shop.example/p/1')).toBe(expected);
  });
});

describe('normalizeAvailability', () => {
  it.each([
    ['in stock', 'in_stock'],
    ['in_stock', 'in_stock'],
    ['out of stock', 'out_of_stock'],
    ['available for order', 'backorder'],
    ['Only 3 left in stock - order soon.', 'limited'],
    ['Currently unavailable.', 'out_of_stock'],
    ['Temporarily out of stock.', 'out_of_stock'],
    ['Pre-order now', 'preorder'],
    ['', null],
  ])('%s', (input, expected) => {
    expect(normalizeAvailability(input)).toBe(expected);
  });
});

describe('normalizeCondition', () => {
  it.each([
    ['new', 'new'],
    ['Pre-owned', 'used'],
    ['Renewed', 'refurbished'],
    ['mint-ish', null],
  ])('%s', (input, expected) => {
    expect(normalizeCondition(input)).toBe(expected);
  });
});

describe('readGtin', () => {
  it.each([
    ['0 12345 67890 5', '00012345678905'],
    ['EAN: 4006381333931', '04006381333931'],
    ['https://example.com/01/04006381333931', '04006381333931'],
    ['0306406152', null], // an ISBN-10 only counts in an isbn property
    ['4006381333932', null],
  ])('%s', (input, expected) => {
    expect(readGtin(input)).toBe(expected);
  });

  it('converts an ISBN-10 from an isbn property', () => {
    expect(readGtin('0-306-40615-2', { isIsbn: true })).toBe('09780306406157');
    expect(readGtin('0-306-40615-3', { isIsbn: true })).toBeNull();
  });
});

describe('cleanPageTitle', () => {
  it.each([
    ['Acme Blender 3000 | Kitchen World', ['Kitchen World'], 'Acme Blender 3000'],
    ['Amazon.com: Acme Blender', ['amazon'], 'Acme Blender'],
    ['Acme Blender - Walmart.com', ['walmart'], 'Acme Blender'],
    ['Acme Blender – Blue | Shop', [], 'Acme Blender – Blue'],
    ['Sony WH-1000XM5 Headphones - Black', ['bestbuy'], 'Sony WH-1000XM5 Headphones - Black'],
    ['Apple Watch Band - Blue', ['apple'], 'Apple Watch Band - Blue'],
    ['AirPods Pro - Apple', ['Apple'], 'AirPods Pro'],
  ])('%s', (title, sites, expected) => {
    expect(cleanPageTitle(title, sites)).toBe(expected);
  });

  it('names the shop after its host', () => {
    expect(hostSiteName('https://www.kitchen-world.co.uk/p/1')).toBe('kitchen-world');
    expect(hostSiteName('https://shop.example/p')).toBe('shop');
    expect(hostSiteName(null)).toBeNull();
  });
});
