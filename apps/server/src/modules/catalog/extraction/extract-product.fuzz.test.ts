import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractProduct, extractProductOrThrow, type ExtractedProduct } from './extract-product.ts';

const fixtureDirectory = new URL('../../../../test/fixtures/pages/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('pages.json', fixtureDirectory), 'utf8')) as {
  pages: { file: string; pageUrl: string }[];
};
const fixtures = manifest.pages.map((page) => ({
  ...page,
  html: readFileSync(new URL(page.file, fixtureDirectory), 'utf8'),
}));

const sources = new Set(['json-ld', 'microdata', 'rdfa', 'open-graph', 'html-fallback', 'none']);
const availabilities = new Set([
  'in_stock',
  'out_of_stock',
  'preorder',
  'backorder',
  'limited',
  'discontinued',
]);
const conditions = new Set(['new', 'used', 'refurbished']);
const textCaps = { title: 500, description: 2_000, brand: 200, category: 500, mpn: 100, sku: 100 };

/** Whatever the input, the result has the documented shape. */
function expectWellFormed(result: ExtractedProduct): void {
  expect(sources.has(result.source)).toBe(true);
  for (const [field, cap] of Object.entries(textCaps)) {
    const value = result[field as keyof typeof textCaps];
    if (value === null) continue;
    expect(typeof value).toBe('string');
    expect(value.length).toBeGreaterThan(0);
    expect(value.length).toBeLessThanOrEqual(cap);
    expect(value).toBe(value.trim());
    expect(value).not.toMatch(/[\u0000-\u001f]|<[A-Za-z/!?]/); // eslint-disable-line no-control-regex
  }
  for (const url of [result.image, result.canonicalUrl]) {
    if (url !== null) expect(url).toMatch(/^https?:\/\//);
  }
  if (result.gtin !== null) expect(result.gtin).toMatch(/^\d{14}$/);
  if (result.price !== null) {
    expect(Number.isSafeInteger(result.price.amountMinor)).toBe(true);
    expect(result.price.amountMinor).toBeGreaterThan(0);
    if (result.price.currency !== null) expect(result.price.currency).toMatch(/^[A-Z]{3}$/);
  }
  if (result.availability !== null) expect(availabilities.has(result.availability)).toBe(true);
  if (result.condition !== null) expect(conditions.has(result.condition)).toBe(true);
  if (result.source === 'none') {
    expect({ ...result, canonicalUrl: null }).toEqual(extractProduct('', ''));
  }
}

function check(html: string, pageUrl = 'https://shop.example/p/1'): void {
  expectWellFormed(extractProductOrThrow(html, pageUrl));
}

// Pieces of markup that matter to the extractor, to build pages that reach deep into it.
const markupPieces = [
  '<div>',
  '</div>',
  '<p>',
  '<b>',
  '</span>',
  '<svg><path/>',
  '<table><tr><td>',
  '<li>',
  '<!--',
  '-->',
  '<script type="application/ld+json">',
  '</script>',
  '<script>window.__TGT_DATA__ = ',
  '{"@type":"Product","name":"X",',
  '"offers":{"price":"1.299,00","priceCurrency":"EUR"}',
  '"hasVariant":[',
  '{"@id":"#a"}',
  '"@graph":[',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  ',',
  ':',
  '\\u00',
  '/*',
  '<div itemscope itemtype="https://schema.org/Product">',
  '<span itemprop="price" content="19.99">',
  '<span itemprop="name">',
  '<div vocab="https://schema.org/" typeof="Product">',
  '<span property="price">',
  '<meta property="og:type" content="product">',
  '<meta property="product:price:amount" content="',
  '<meta property="og:title" content="',
  '<link rel="canonical" href="',
  '<base href="',
  '<span class="price">',
  '$1,299.99',
  '12,99 €',
  '<del>',
  '<title>',
  '</title>',
  '&amp;',
  '&#x',
  '&#99999999;',
  '<tr><th>UPC</th><td>012345678905',
  '<span class="a-offscreen">',
  'javascript:',
  '\u0000',
  '\ud800',
  '\u202e',
  ' ',
  '\n',
];

const markupSoup = fc
  .array(fc.oneof(fc.constantFrom(...markupPieces), fc.string({ maxLength: 8 })), {
    maxLength: 300,
  })
  .map((pieces) => pieces.join(''));

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; character: string }
  | { kind: 'duplicate'; from: number; length: number; to: number }
  | { kind: 'delete'; from: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'nest'; at: number; tag: string; depth: number };

const position = fc.double({ min: 0, max: 1, noNaN: true });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: position }),
  fc.record({
    kind: fc.constant('flip' as const),
    at: position,
    character: fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    from: position,
    length: fc.integer({ min: 1, max: 5_000 }),
    to: position,
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    from: position,
    length: fc.integer({ min: 1, max: 2_000 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: position,
    text: fc.oneof(fc.constantFrom(...markupPieces), fc.string({ maxLength: 50, unit: 'binary' })),
  }),
  fc.record({
    kind: fc.constant('nest' as const),
    at: position,
    tag: fc.constantFrom('div', 'b', 'span', 'li', 'p', 'table', 'a', 'svg', 'x-y'),
    depth: fc.integer({ min: 1, max: 20_000 }),
  }),
);

function mutate(html: string, change: Mutation): string {
  const index = (at: number) => Math.floor(at * html.length);
  switch (change.kind) {
    case 'truncate':
      return html.slice(0, index(change.at));
    case 'flip':
      return html.slice(0, index(change.at)) + change.character + html.slice(index(change.at) + 1);
    case 'duplicate': {
      const chunk = html.slice(index(change.from), index(change.from) + change.length);
      return html.slice(0, index(change.to)) + chunk + html.slice(index(change.to));
    }
    case 'delete':
      return html.slice(0, index(change.from)) + html.slice(index(change.from) + change.length);
    case 'insert':
      return html.slice(0, index(change.at)) + change.text + html.slice(index(change.at));
    case 'nest':
      return (
        html.slice(0, index(change.at)) +
        `<${change.tag}>`.repeat(change.depth) +
        html.slice(index(change.at))
      );
  }
}

describe('extractProduct fuzzing', () => {
  it('handles random strings', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 2_000, unit: 'binary' }),
        fc.string({ maxLength: 80 }),
        (html, url) => {
          check(html, url);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('handles random markup made of the pieces the extractor reacts to', () => {
    fc.assert(
      fc.property(markupSoup, (html) => check(html)),
      { numRuns: 500 },
    );
  });

  it('handles mutated fixture pages', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtures),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (page, changes) => {
          check(changes.reduce(mutate, page.html), page.pageUrl);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('still reads a fixture after noise is added far from its data', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixtures), fc.string({ maxLength: 200 }), (page, noise) => {
        const html = page.html.replace(
          '</body>',
          `<div class="noise">${noise.replaceAll('<', '&lt;')}</div></body>`,
        );
        const expected = extractProduct(page.html, page.pageUrl);
        const actual = extractProduct(html, page.pageUrl);
        expect(actual.price).toEqual(expected.price);
        expect(actual.gtin).toEqual(expected.gtin);
      }),
      { numRuns: 100 },
    );
  });
});

describe('hostile pages at the size limit', () => {
  const megabytes = (count: number) => count * 1_000_000;
  const fill = (unit: string, size = megabytes(3)) => unit.repeat(Math.ceil(size / unit.length));
  const product =
    '<script type="application/ld+json">{"@type":"Product","name":"Survivor"}</script>';

  it.each([
    ['unclosed nested divs', fill('<div>')],
    [
      'stray close tags after deep nesting',
      fill('<span>', megabytes(1.5)) + fill('</b>', megabytes(1.5)),
    ],
    ['unclosed formatting elements with text', fill('<b><i><u>x')],
    ['nested tables', fill('<table><tr><td>')],
    ['one huge attribute', `<div data-x="${fill('a')}">`],
    ['many attributes', `<div ${fill('a=1 ')}>`],
    ['an unterminated comment', `<!--${fill('-')}`],
    ['less-than signs', fill('<')],
    ['entities', fill('&#x1F600;&amp')],
    ['deeply nested JSON-LD', `<script type="application/ld+json">${fill('[')}</script>`],
    [
      'deeply nested JSON-LD objects',
      `<script type="application/ld+json">${fill('{"a":')}</script>`,
    ],
    [
      'a JSON-LD block of many products',
      `<script type="application/ld+json">[${fill('{"@type":"Product","name":"P"},')}]</script>`,
    ],
    [
      'broken JSON-LD junk',
      `<script type="application/ld+json">${fill('{"@type":,]}\\"\'/*')}</script>`,
    ],
    [
      'many JSON-LD blocks',
      fill('<script type="application/ld+json">{"@type":"Product","name":"P"}</script>'),
    ],
    [
      'nested itemscopes',
      fill('<div itemscope itemtype="https://schema.org/Product" itemprop="isRelatedTo">'),
    ],
    [
      'many itemprops',
      `<div itemscope itemtype="https://schema.org/Product">${fill('<span itemprop="name">n</span>')}`,
    ],
    ['many prices', fill('<span class="price">$1.99</span><span class="price">$2.99</span>')],
    ['nested price elements', fill('<span class="a-price"><span class="a-offscreen">$1')],
    ['many table rows', fill('<tr><th>UPC</th><td>1</td></tr>')],
    [
      'a tag-stripping trap in a value',
      `<meta property="og:type" content="product"><meta property="og:title" content="${fill('<a')}">`,
    ],
  ])('survives %s', (_name, html) => {
    expectWellFormed(extractProductOrThrow(html, 'https://shop.example/p/1'));
  });

  it('reads a product that follows a deep-nesting prefix', () => {
    const html = `${'<div>'.repeat(100_000)}${product}`;
    expect(extractProductOrThrow(html, 'https://shop.example/p/1').title).toBe('Survivor');
  });

  it('ignores everything past 3 MB', () => {
    const html = `${' '.repeat(megabytes(3))}${product}`;
    expect(extractProductOrThrow(html, 'https://shop.example/p/1').source).toBe('none');
  });
});
