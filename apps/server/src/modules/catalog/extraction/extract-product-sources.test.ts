import { describe, expect, it } from 'vitest';
import { extractProduct } from './extract-product.ts';

const pageUrl = 'https://shop.example/products/widget-3000';

function page({
  head = '',
  body = '',
  lang = 'en',
}: {
  head?: string;
  body?: string;
  lang?: string;
}) {
  return `<!doctype html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;
}

/** A JSON-LD block, with '</' escaped as shops must (else a value could end the script). */
function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replaceAll('</', '<\\/')}</script>`;
}

function product(overrides: Record<string, unknown> = {}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Widget 3000',
    ...overrides,
  };
}

const microdataProduct = `
  <div itemscope itemtype="https://schema.org/Product">
    <h2 itemprop="name">Widget 3000 (microdata)</h2>
    <meta itemprop="gtin13" content="4006381333931">
    <span itemprop="brand">Microbrand</span>
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
      <span itemprop="price" content="11.00">$11.00</span><meta itemprop="priceCurrency" content="USD">
    </div>
  </div>`;

const openGraph = `
  <meta property="og:type" content="product">
  <meta property="og:title" content="Widget 3000 (og)">
  <meta property="og:image" content="/og.jpg">
  <meta property="og:description" content="From Open Graph.">
  <meta property="product:price:amount" content="12.00">
  <meta property="product:price:currency" content="USD">`;

describe('merging sources field by field', () => {
  it('takes each field from the most trusted source that has it', () => {
    const html = page({
      head: `<title>Widget 3000 (title) | Shop</title>${openGraph}${jsonLd(
        product({ offers: { '@type': 'Offer', price: '10.00', priceCurrency: 'USD' } }),
      )}`,
      body: microdataProduct,
    });
    expect(extractProduct(html, pageUrl)).toMatchObject({
      title: 'Widget 3000',
      price: { amountMinor: 1000, currency: 'USD' },
      gtin: '04006381333931', // only microdata has it
      brand: 'Microbrand',
      image: 'https://shop.example/og.jpg', // only Open Graph has it
      description: 'From Open Graph.',
      source: 'json-ld',
    });
  });

  it('uses microdata over Open Graph, and Open Graph over the <title>', () => {
    const withMicrodata = page({
      head: `<title>Widget 3000 (title)</title>${openGraph}`,
      body: microdataProduct,
    });
    expect(extractProduct(withMicrodata, pageUrl)).toMatchObject({
      title: 'Widget 3000 (microdata)',
      price: { amountMinor: 1100, currency: 'USD' },
      source: 'microdata',
    });
    const withOpenGraph = page({ head: `<title>Widget 3000 (title)</title>${openGraph}` });
    expect(extractProduct(withOpenGraph, pageUrl)).toMatchObject({
      title: 'Widget 3000 (og)',
      price: { amountMinor: 1200, currency: 'USD' },
      source: 'open-graph',
    });
  });

  it('keeps a source price and its currency together', () => {
    const html = page({
      head: `${jsonLd(product({ offers: { price: '10.00', priceCurrency: 'GBP' } }))}${openGraph}`,
    });
    expect(extractProduct(html, pageUrl).price).toEqual({ amountMinor: 1000, currency: 'GBP' });
  });

  it("gives a price without a currency the page's currency", () => {
    const html = page({
      head: `${jsonLd(product({ offers: { price: 10 } }))}<meta property="product:price:currency" content="CAD">`,
    });
    expect(extractProduct(html, pageUrl).price).toEqual({ amountMinor: 1000, currency: 'CAD' });
  });

  it('reads every JSON-LD block and merges those that describe the same product', () => {
    const html = page({
      head:
        jsonLd({ '@type': 'Organization', name: 'Shop' }) +
        jsonLd(product({ sku: 'W-3000', brand: 'Acme' })) +
        jsonLd(product({ sku: 'W-3000', offers: { price: '10.00', priceCurrency: 'USD' } })),
    });
    expect(extractProduct(html, pageUrl)).toMatchObject({
      title: 'Widget 3000',
      brand: 'Acme',
      sku: 'W-3000',
      price: { amountMinor: 1000, currency: 'USD' },
    });
  });

  it('does not pick one of several different products unless the URL names it', () => {
    const two = [
      product({ name: 'Gadget', sku: 'G-1', offers: { price: '5.00', priceCurrency: 'USD' } }),
      product({ name: 'Gizmo', sku: 'Z-2', offers: { price: '7.00', priceCurrency: 'USD' } }),
    ];
    const html = page({ head: jsonLd(two) });
    expect(extractProduct(html, pageUrl)).toMatchObject({ price: null, source: 'none' });
    const named = [two[0], { ...two[1], url: pageUrl }];
    expect(extractProduct(page({ head: jsonLd(named) }), pageUrl)).toMatchObject({
      title: 'Gizmo',
      price: { amountMinor: 700, currency: 'USD' },
    });
  });

  it('says source none and gives no fields for a page with only a <title>', () => {
    const html = page({
      head: '<title>Contact us | Shop</title><meta name="description" content="Write to us.">',
    });
    expect(extractProduct(html, pageUrl)).toEqual({
      title: null,
      brand: null,
      gtin: null,
      mpn: null,
      sku: null,
      price: null,
      availability: null,
      condition: null,
      image: null,
      canonicalUrl: pageUrl,
      description: null,
      category: null,
      source: 'none',
    });
  });
});

describe('JSON-LD shapes', () => {
  const read = (node: unknown, url = pageUrl) => extractProduct(page({ head: jsonLd(node) }), url);

  it.each([
    ['Product'],
    ['product'],
    ['PRODUCT'],
    [['Thing', 'Product']],
    ['schema:Product'],
    ['http://schema.org/Product'],
    ['IndividualProduct'],
  ])('accepts @type %j', (type) => {
    expect(read({ '@type': type, name: 'Widget' }).title).toBe('Widget');
  });

  it('finds products in arrays, @graph and mainEntity', () => {
    expect(read([{ '@type': 'WebSite' }, { '@type': 'Product', name: 'In array' }]).title).toBe(
      'In array',
    );
    expect(read({ '@graph': [{ '@type': 'Product', name: 'In graph' }] }).title).toBe('In graph');
    expect(
      read({ '@type': 'ItemPage', mainEntity: { '@type': 'Product', name: 'Main entity' } }).title,
    ).toBe('Main entity');
  });

  it.each([
    [{ '@type': 'Offer', price: '19.99', priceCurrency: 'USD' }, 1999],
    [[{ '@type': 'Offer', price: 19.99, priceCurrency: 'USD' }], 1999],
    [
      [
        { '@type': 'Offer', priceCurrency: 'USD' },
        { price: '21.50', priceCurrency: 'USD' },
      ],
      2150,
    ],
    [
      { '@type': 'AggregateOffer', lowPrice: '15.00', highPrice: '30.00', priceCurrency: 'USD' },
      1500,
    ],
    [
      {
        '@type': 'Offer',
        priceSpecification: { '@type': 'UnitPriceSpecification', price: 9.5, priceCurrency: 'USD' },
      },
      950,
    ],
    [{ '@type': 'Offer', price: '1,299.99', priceCurrency: 'USD' }, 129999],
    [{ '@type': 'Offer', price: '$24.00' }, 2400],
  ])('reads offers %j', (offers, amountMinor) => {
    expect(read(product({ offers })).price?.amountMinor).toBe(amountMinor);
  });

  it('ignores zero and negative prices', () => {
    expect(read(product({ offers: { price: '0.00', priceCurrency: 'USD' } })).price).toBeNull();
    expect(read(product({ offers: { price: -5, priceCurrency: 'USD' } })).price).toBeNull();
  });

  it('reads a zero-decimal currency', () => {
    expect(read(product({ offers: { price: '12800', priceCurrency: 'JPY' } })).price).toEqual({
      amountMinor: 12800,
      currency: 'JPY',
    });
  });

  it.each([
    ['https://schema.org/InStock', 'in_stock'],
    ['http://schema.org/OutOfStock', 'out_of_stock'],
    ['InStock', 'in_stock'],
    ['schema:SoldOut', 'out_of_stock'],
    ['https://schema.org/PreOrder', 'preorder'],
    ['https://schema.org/PreSale', 'preorder'],
    ['https://schema.org/BackOrder', 'backorder'],
    ['https://schema.org/LimitedAvailability', 'limited'],
    ['https://schema.org/Discontinued', 'discontinued'],
    ['https://schema.org/InStoreOnly', 'in_stock'],
    ['Mystery', null],
  ])('maps availability %s', (availability, expected) => {
    expect(read(product({ offers: { price: 1, availability } })).availability).toBe(expected);
  });

  it.each([
    ['https://schema.org/NewCondition', 'new'],
    ['http://schema.org/UsedCondition', 'used'],
    ['RefurbishedCondition', 'refurbished'],
    ['https://schema.org/DamagedCondition', 'used'],
  ])('maps itemCondition %s', (itemCondition, expected) => {
    expect(read(product({ offers: { price: 1, itemCondition } })).condition).toBe(expected);
  });

  it.each([
    ['Acme', 'Acme'],
    [{ '@type': 'Brand', name: 'Acme' }, 'Acme'],
    [{ '@type': 'Organization', name: 'Acme Corp' }, 'Acme Corp'],
    [[{ '@type': 'Brand', name: 'First' }, 'Second'], 'First'],
  ])('reads brand %j', (brand, expected) => {
    expect(read(product({ brand })).brand).toBe(expected);
  });

  it.each([
    ['/img/a.jpg', 'https://shop.example/img/a.jpg'],
    [['//cdn.example/a.jpg', '/b.jpg'], 'https://cdn.example/a.jpg'],
    [{ '@type': 'ImageObject', url: 'https://cdn.example/c.jpg' }, 'https://cdn.example/c.jpg'],
    [[{ '@type': 'ImageObject', contentUrl: '/d.jpg' }], 'https://shop.example/d.jpg'],
    ['javascript:alert(1)', null],
  ])('reads image %j', (image, expected) => {
    expect(read(product({ image })).image).toBe(expected);
  });

  it.each([
    [{ gtin13: '4006381333931' }, '04006381333931'],
    [{ gtin12: '012345678905' }, '00012345678905'],
    [{ gtin8: '12345670' }, '00000012345670'],
    [{ gtin14: '10012345678902' }, '10012345678902'],
    [{ gtin: 'https://id.gs1.org/01/04006381333931/21/123' }, '04006381333931'],
    [{ gtin13: 4006381333931 }, '04006381333931'],
    [{ productID: 'gtin:4006381333931' }, '04006381333931'],
    [{ productID: 'ean:4006381333931' }, '04006381333931'],
    [{ isbn: '0-306-40615-2' }, '09780306406157'],
    [{ isbn: '978-0-306-40615-7' }, '09780306406157'],
    [
      { identifier: { '@type': 'PropertyValue', propertyID: 'UPC', value: '012345678905' } },
      '00012345678905',
    ],
    [{ gtin13: '4006381333932' }, null],
    [{ productID: '4006381333931x' }, null],
  ])('reads GTIN from %j', (identifiers, expected) => {
    expect(read(product(identifiers)).gtin).toBe(expected);
  });

  it('reads mpn, else model; sku, else a plain productID', () => {
    expect(read(product({ mpn: 'M-1', model: 'X' })).mpn).toBe('M-1');
    expect(read(product({ model: { '@type': 'ProductModel', name: 'MX-5' } })).mpn).toBe('MX-5');
    expect(read(product({ productID: 'P-77' })).sku).toBe('P-77');
  });

  it('reads a Product through its isVariantOf group', () => {
    const node = product({
      name: 'Tee, Blue, M',
      sku: 'TEE-B-M',
      isVariantOf: { '@type': 'ProductGroup', name: 'Tee', brand: 'Acme', productGroupID: 'TEE' },
      offers: { price: '15.00', priceCurrency: 'EUR' },
    });
    expect(read(node)).toMatchObject({ title: 'Tee, Blue, M', brand: 'Acme', sku: 'TEE-B-M' });
  });

  it('chooses a variant by its url query (Shopify ?variant=)', () => {
    const group = {
      '@type': 'ProductGroup',
      name: 'Tee',
      hasVariant: [
        product({
          name: 'Tee S',
          url: 'https://shop.example/products/tee?variant=1',
          offers: { price: 10, priceCurrency: 'USD' },
        }),
        product({
          name: 'Tee M',
          url: 'https://shop.example/products/tee?variant=2',
          offers: { price: 12, priceCurrency: 'USD' },
        }),
      ],
    };
    expect(read(group, 'https://shop.example/products/tee?variant=2').title).toBe('Tee M');
  });

  it('resolves @id references across blocks', () => {
    const html = page({
      head:
        jsonLd({ '@graph': [{ '@type': 'Brand', '@id': '#b', name: 'Referenced' }] }) +
        jsonLd(product({ brand: { '@id': '#b' }, offers: [{ '@id': '#o' }] })) +
        jsonLd({ '@type': 'Offer', '@id': '#o', price: '3.00', priceCurrency: 'USD' }),
    });
    expect(extractProduct(html, pageUrl)).toMatchObject({
      brand: 'Referenced',
      price: { amountMinor: 300, currency: 'USD' },
    });
  });

  it('reads prefixed and expanded property names', () => {
    expect(read({ '@type': 'schema:Product', 'schema:name': 'Prefixed' }).title).toBe('Prefixed');
    expect(
      read({ '@type': 'Product', 'http://schema.org/name': [{ '@value': 'Expanded' }] }).title,
    ).toBe('Expanded');
  });

  it('ignores products listed in an ItemList', () => {
    const list = {
      '@type': 'ItemList',
      itemListElement: [{ '@type': 'ListItem', item: product({ offers: { price: 5 } }) }],
    };
    expect(read(list).source).toBe('none');
  });
});

describe('microdata and RDFa values', () => {
  it('reads content, value, href and src attributes, then text', () => {
    const html = page({
      body: `<div itemscope itemtype="http://schema.org/Product">
        <span itemprop="name">  Widget
          3000 </span>
        <input type="hidden" itemprop="sku" value="W-3000">
        <a itemprop="url" href="/p/w3000">link</a>
        <img itemprop="image" src="/w.jpg">
        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
          <data itemprop="price" value="42.5">forty-two fifty</data>
          <meta itemprop="priceCurrency" content="USD">
          <link itemprop="availability" href="http://schema.org/PreOrder">
        </div>
      </div>`,
    });
    expect(extractProduct(html, pageUrl)).toMatchObject({
      title: 'Widget 3000',
      sku: 'W-3000',
      image: 'https://shop.example/w.jpg',
      price: { amountMinor: 4250, currency: 'USD' },
      availability: 'preorder',
      source: 'microdata',
    });
  });

  it('refuses a listing of several microdata products', () => {
    const tile = (name: string, price: string) =>
      `<div itemscope itemtype="https://schema.org/Product"><b itemprop="name">${name}</b>
        <span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">${price}</span></span></div>`;
    const html = page({ body: tile('One', '$1.00') + tile('Two', '$2.00') });
    expect(extractProduct(html, pageUrl).source).toBe('none');
  });

  it('reads RDFa with a schema: prefix', () => {
    const html = page({
      body: `<div prefix="schema: https://schema.org/" typeof="schema:Product">
        <span property="schema:name">Prefixed widget</span>
        <span property="schema:offers" typeof="schema:Offer"><span property="schema:price" content="5">$5</span>
        <span property="schema:priceCurrency" content="EUR"></span></span></div>`,
    });
    expect(extractProduct(html, pageUrl)).toMatchObject({
      title: 'Prefixed widget',
      price: { amountMinor: 500, currency: 'EUR' },
      source: 'rdfa',
    });
  });
});

describe('prices in the page locale', () => {
  const german = (offers: unknown) =>
    extractProduct(page({ lang: 'de', head: jsonLd(product({ offers })) }), pageUrl).price;

  it('reads German notation in JSON-LD on a German page', () => {
    expect(german({ price: '1.299,00', priceCurrency: 'EUR' })).toEqual({
      amountMinor: 129900,
      currency: 'EUR',
    });
    expect(german({ price: '1.299', priceCurrency: 'EUR' })?.amountMinor).toBe(129900);
    expect(german({ price: '19.99', priceCurrency: 'EUR' })?.amountMinor).toBe(1999);
    expect(german({ price: 1299, priceCurrency: 'EUR' })?.amountMinor).toBe(129900);
  });

  it('reads a DOM price with a decimal comma on a EUR page without a language', () => {
    const html = `<html><head><meta property="og:type" content="product">
      <meta property="product:price:currency" content="EUR"></head>
      <body><span class="price">12,99 €</span></body></html>`;
    expect(extractProduct(html, pageUrl).price).toEqual({ amountMinor: 1299, currency: 'EUR' });
  });

  it('reads the same digits as thousands on an English page', () => {
    const html = page({
      head: '<meta property="og:type" content="product">',
      body: '<span class="price">$1,299</span>',
    });
    expect(extractProduct(html, pageUrl).price).toEqual({ amountMinor: 129900, currency: 'USD' });
  });
});

describe('DOM fallback prices', () => {
  const withBody = (body: string) =>
    extractProduct(page({ head: '<title>Widget | Shop</title>', body }), pageUrl);

  it('uses a price that appears once, or several times with the same value', () => {
    expect(withBody('<p class="price">$19.99</p>').price).toEqual({
      amountMinor: 1999,
      currency: 'USD',
    });
    expect(
      withBody('<p class="price">$19.99</p><p class="price">$19.99</p>').price?.amountMinor,
    ).toBe(1999);
  });

  it('refuses several distinct prices', () => {
    const result = withBody('<p class="price">$19.99</p><p class="price">$24.99</p>');
    expect(result.price).toBeNull();
    expect(result.source).toBe('none');
  });

  it('skips a struck-through old price inside the price element', () => {
    expect(
      withBody('<p class="price"><del>$30.00</del> <ins>$25.00</ins></p>').price?.amountMinor,
    ).toBe(2500);
  });

  it('reads Amazon whole and fraction parts when there is no .a-offscreen', () => {
    const body = `<div id="corePriceDisplay_desktop_feature_div"><span class="a-price">
      <span class="a-price-symbol">$</span><span class="a-price-whole">1,249<span class="a-price-decimal">.</span></span><span class="a-price-fraction">00</span>
    </span></div><div data-asin-currency-code="USD"></div>`;
    expect(withBody(body).price).toEqual({ amountMinor: 124900, currency: 'USD' });
  });
});

describe('page URLs', () => {
  it('resolves a relative canonical link and image against the page', () => {
    const html = page({
      head: `<link rel="canonical" href="/p/w3000">${jsonLd(product({ image: 'w.jpg' }))}`,
    });
    expect(extractProduct(html, 'https://shop.example/a/b?c=1')).toMatchObject({
      canonicalUrl: 'https://shop.example/p/w3000',
      image: 'https://shop.example/a/w.jpg',
    });
  });

  it('uses og:url when there is no canonical link, and <base href> for relative URLs', () => {
    const html = page({
      head: `<base href="https://cdn.shop.example/assets/"><meta property="og:url" content="https://shop.example/p/og">${jsonLd(product({ image: 'w.jpg' }))}`,
    });
    expect(extractProduct(html, pageUrl)).toMatchObject({
      canonicalUrl: 'https://shop.example/p/og',
      image: 'https://cdn.shop.example/assets/w.jpg',
    });
  });

  it('refuses non-http canonical URLs and copes with an unusable page URL', () => {
    const html = page({
      head: `<link rel="canonical" href="javascript:alert(1)">${jsonLd(product({ image: '/w.jpg' }))}`,
    });
    expect(extractProduct(html, pageUrl).canonicalUrl).toBe(pageUrl);
    expect(extractProduct(html, 'not a url')).toMatchObject({
      title: 'Widget 3000',
      canonicalUrl: null,
      image: null,
    });
  });
});

describe('bad input', () => {
  it('returns the empty result for non-strings and empty input', () => {
    const inputs: unknown[] = [undefined, null, 42, {}, ''];
    for (const input of inputs) {
      expect(extractProduct(input as string, pageUrl).source).toBe('none');
    }
  });

  it('keeps values plain text and capped', () => {
    const html = page({
      head: jsonLd(
        product({
          name: `<script>alert("x")</script><b>Wid</b>get\u202e\u0000 ${'long '.repeat(300)}`,
          description: `<img src=x onerror=alert(1)>${'word '.repeat(1_000)}`,
          brand: '<a href="javascript:alert(1)">Acme</a>',
        }),
      ),
    });
    const result = extractProduct(html, pageUrl);
    expect(result.title?.startsWith('Widget long long')).toBe(true);
    expect(result.title!.length).toBeLessThanOrEqual(500);
    expect(result.description!.length).toBeLessThanOrEqual(2_000);
    expect(result.description).not.toContain('<');
    expect(result.brand).toBe('Acme');
  });

  it('reads a product after a huge attribute and deep nesting', () => {
    const html = `<div title="${'x'.repeat(200_000)}">${'<div>'.repeat(50_000)}</div>${jsonLd(product())}`;
    expect(extractProduct(html, pageUrl).title).toBe('Widget 3000');
  });
});
