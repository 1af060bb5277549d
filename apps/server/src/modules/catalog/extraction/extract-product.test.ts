import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractProduct, type ExtractedProduct } from './extract-product.ts';

const fixtureDirectory = new URL('../../../../test/fixtures/pages/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('pages.json', fixtureDirectory), 'utf8')) as {
  pages: { file: string; pageUrl: string }[];
};
const fixture = (file: string) => readFileSync(new URL(file, fixtureDirectory), 'utf8');
const pageUrlOf = (file: string) => manifest.pages.find((page) => page.file === file)!.pageUrl;

const nothing: ExtractedProduct = {
  title: null,
  brand: null,
  gtin: null,
  mpn: null,
  sku: null,
  price: null,
  availability: null,
  condition: null,
  image: null,
  canonicalUrl: null,
  description: null,
  category: null,
  source: 'none',
};

/** What each fixture page must give; fields left out must be null. */
const expectedByFixture: Record<string, Partial<ExtractedProduct>> = {
  'amazon-product.html': {
    title: 'Acme Kitchen BL-300 Countertop Blender, 1200 W, 64 oz Jar, Graphite',
    brand: 'Acme Kitchen',
    gtin: '00842716003179',
    mpn: 'BL-300',
    sku: 'B0CX7QK2LM',
    // The buy box's price, not the struck list price ($99.99) or the carousel's.
    price: { amountMinor: 7999, currency: 'USD' },
    availability: 'in_stock',
    image: 'https://m.media-amazon.example/images/I/61aBcDeFgHL._AC_SL1500_.jpg',
    category: 'Home & Kitchen > Kitchen & Dining > Countertop Blenders',
    canonicalUrl: 'https://www.amazon.com/Acme-Kitchen-Countertop-Blender-BL-300/dp/B0CX7QK2LM',
    source: 'html-fallback',
  },
  'walmart-product-group.html': {
    // The Sage variant named by the URL's item id, with the group's brand and description.
    title: 'Acme Kitchen 5 Qt Tilt-Head Stand Mixer, Sage',
    brand: 'Acme Kitchen',
    gtin: '00842716003193',
    sku: '5123456791',
    price: { amountMinor: 22900, currency: 'USD' },
    availability: 'limited',
    condition: 'new',
    image: 'https://i5.walmartimages.example/asr/sage_5123456791.jpeg',
    description: 'Ten speeds, a 5-quart stainless bowl and a tilt head for easy access.',
    category: 'Kitchen Appliances > Stand Mixers',
    canonicalUrl:
      'https://www.walmart.com/ip/Acme-Kitchen-5-Qt-Tilt-Head-Stand-Mixer-Sage/5123456791',
    source: 'json-ld',
  },
  'target-product.html': {
    title: 'Acme Home 12-Cup Programmable Coffee Maker - Black',
    brand: 'Acme Home',
    gtin: '00190662045812',
    sku: '89123456',
    price: { amountMinor: 4999, currency: 'USD' },
    image:
      'https://target.scene7.example/is/image/Target/GUEST_5d2e8a41-0b7c-4d8e-9c55-1f2a3b4c5d6e',
    description:
      'Read reviews and buy Acme Home 12-Cup Programmable Coffee Maker - Black at Target.',
    category: 'Kitchen & Dining > Coffee Makers',
    canonicalUrl:
      'https://www.target.com/p/acme-home-12-cup-programmable-coffee-maker-black/-/A-89123456',
    source: 'open-graph',
  },
  'bestbuy-product.html': {
    title: 'Acme Audio - WH-900 Wireless Noise Cancelling Over-the-Ear Headphones - Midnight',
    brand: 'Acme Audio',
    gtin: '00885952140062',
    mpn: 'WH900/B',
    sku: '6581234',
    price: { amountMinor: 27999, currency: 'USD' },
    availability: 'in_stock',
    condition: 'new',
    image: 'https://pisces.bbystatic.example/image2/BestBuy_US/images/products/6581/6581234_sd.jpg',
    description:
      'Acme Audio WH-900 wireless headphones with adaptive noise cancelling, 40 hours of battery and multipoint Bluetooth.',
    canonicalUrl:
      'https://www.bestbuy.com/site/acme-audio-wh-900-wireless-noise-cancelling-over-the-ear-headphones-midnight/6581234.p?skuId=6581234',
    source: 'json-ld',
  },
  'ebay-item.html': {
    title: 'Acme Photo Z50 Mirrorless Camera Body 24MP - Black (Pre-owned)',
    brand: 'Acme Photo',
    gtin: '05060123456783',
    mpn: 'Z50-BK',
    price: { amountMinor: 6495, currency: 'USD' },
    availability: 'in_stock',
    condition: 'used',
    image: 'https://i.ebayimg.example/images/g/7QwAAOSw0123abcd/s-l1600.jpg',
    description:
      'Acme Photo Z50 mirrorless camera body in excellent condition, shutter count under 5,000.',
    canonicalUrl: 'https://www.ebay.com/itm/256471234567',
    source: 'json-ld',
  },
  'newegg-item.html': {
    title: 'Acme Tech GX 4080 16GB GDDR6X PCI Express 4.0 Graphics Card AT-GX4080-16G',
    brand: 'Acme Tech',
    mpn: 'AT-GX4080-16G',
    sku: '14-932-841',
    price: { amountMinor: 129999, currency: 'USD' },
    availability: 'in_stock',
    condition: 'new',
    image: 'https://c1.neweggimages.example/productimage/nb640/14-932-841-V01.jpg',
    description:
      'Acme Tech GX 4080 16GB GDDR6X PCI Express 4.0 Graphics Card with triple-fan cooling.',
    canonicalUrl: 'https://www.newegg.com/acme-tech-gx-4080-16gb-graphics-card/p/N82E16814932841',
    source: 'json-ld',
  },
  'costco-product.html': {
    title: 'Acme Kitchen 12-piece Tri-Ply Stainless Steel Cookware Set',
    brand: 'Acme Kitchen',
    sku: '1812345',
    // JSON-LD has no offer: the price comes from the DOM's '$' '199' '99'.
    price: { amountMinor: 19999, currency: 'USD' },
    image: 'https://cdn.bfldr.example/U447IH35/as/7x9k2/1812345-847__1',
    description: 'Tri-ply stainless construction; oven safe to 500°F; induction compatible.',
    canonicalUrl:
      'https://www.costco.com/acme-kitchen-12-piece-tri-ply-stainless-steel-cookware-set.product.4000123456.html',
    source: 'json-ld',
  },
  'apple-product.html': {
    title: 'Braided USB\u2011C Charge Cable (2 m)',
    brand: 'Apple',
    sku: 'MZ9K3AM/A',
    price: { amountMinor: 2900, currency: 'USD' },
    availability: 'in_stock',
    condition: 'new',
    image:
      'https://store.storeimages.cdn-apple.example/1/as-images.apple.com/is/MZ9K3?wid=1200&hei=630&fmt=jpeg&qlt=95&.v=1694014871128',
    description: 'The braided USB-C Charge Cable (2 m) charges and syncs USB-C devices.',
    canonicalUrl: 'https://www.apple.com/shop/product/MZ9K3AM/A/braided-usb-c-charge-cable-2-m',
    source: 'json-ld',
  },
  'playstation-direct-product.html': {
    title: 'DualSense™ Wireless Controller – Lagoon Teal',
    brand: 'PlayStation',
    gtin: '00711719135715',
    sku: '1000049123',
    // The sale price specification, not the one typed ListPrice ($79.99).
    price: { amountMinor: 7499, currency: 'USD' },
    availability: 'preorder',
    image:
      'https://direct.playstation.com/on/demandware.static/-/Sites-masterCatalog/default/images/large/1000049123-lagoon-teal.png',
    description:
      'Pre-order the DualSense wireless controller in Lagoon Teal, only at PlayStation Direct.',
    category: 'Accessories > Controllers',
    canonicalUrl:
      'https://direct.playstation.com/en-us/buy-accessories/dualsense-wireless-controller-lagoon-teal',
    source: 'json-ld',
  },
  'generic-jsonld-graph.html': {
    title: 'Cedar Raised Garden Bed, 120 x 60 cm',
    brand: 'Northwood Garden',
    // gtin13 has a bad check digit; the valid `gtin` is used.
    gtin: '04006381333931',
    mpn: 'CRB-12060',
    sku: 'NWG-CRB-12060',
    price: { amountMinor: 8900, currency: 'GBP' },
    availability: 'in_stock',
    image: 'https://www.gardenhaus.example/wp-content/uploads/2024/03/cedar-bed-120.jpg',
    description: 'Untreated western red cedar, tool-free assembly. Available in three heights.',
    category: 'Raised Beds',
    canonicalUrl: 'https://www.gardenhaus.example/product/cedar-raised-garden-bed/',
    source: 'json-ld',
  },
  'generic-microdata.html': {
    title: 'Acme Sound SB-20 2.1 Soundbar with Wireless Subwoofer (Refurbished)',
    brand: 'Acme Sound',
    gtin: '08712345678906',
    mpn: 'SB20-R',
    sku: 'AO-SB20-REF',
    price: { amountMinor: 14950, currency: 'USD' },
    availability: 'limited',
    condition: 'refurbished',
    image: 'https://www.audio-outlet.example/media/catalog/sb20-front.jpg',
    description:
      'Certified refurbished by Acme Sound. Includes a 1-year warranty. HDMI eARC, optical input, Bluetooth 5.0.',
    category: 'Audio > Soundbars',
    canonicalUrl: 'https://www.audio-outlet.example/acme-sound-sb-20-refurbished.html',
    source: 'microdata',
  },
  'generic-rdfa.html': {
    title: 'Trailhead 45L Hiking Backpack – Slate',
    brand: 'Summit Supply Co.',
    gtin: '00050112345674',
    mpn: 'TH45-SL',
    sku: 'SSC-TH45-SLATE',
    price: { amountMinor: 24995, currency: 'AUD' },
    availability: 'out_of_stock',
    condition: 'new',
    image: 'https://cdn.summitsupply.example/images/trailhead-45-slate.jpg',
    description:
      'A 45-litre top-loader with an adjustable torso, hip-belt pockets and a rain cover.',
    canonicalUrl: 'https://www.summitsupply.example/packs/trailhead-45l-slate',
    source: 'rdfa',
  },
  'generic-open-graph.html': {
    title: 'Nordic Wool Throw Blanket – Oat',
    brand: 'Hygge Home',
    sku: 'NWT-OAT-130',
    price: { amountMinor: 8900, currency: 'CAD' },
    availability: 'in_stock',
    condition: 'new',
    image: 'https://hyggehome.example/cdn/shop/files/nordic-throw-oat.jpg?v=1712345678',
    description: 'Woven in Portugal from 100% lambswool. 130 x 180 cm, fringed edges.',
    canonicalUrl: 'https://hyggehome.example/products/nordic-wool-throw-oat',
    source: 'open-graph',
  },
  'generic-broken-jsonld.html': {
    title: 'Trail & Co. Ultralight Tent – 2 Person',
    brand: 'Trail & Co.',
    gtin: '00884134095275',
    mpn: 'UL2-GRN',
    sku: 'TC-UL2',
    price: { amountMinor: 24900, currency: 'USD' },
    availability: 'in_stock',
    image: 'https://cdn.trailandco.example/tents/ul2-green.jpg',
    description: 'Sets up in 3 minutes. Weighs 1.1 kg. Double-wall, 3-season.',
    // From the HTML-escaped BreadcrumbList block.
    category: 'Tents',
    canonicalUrl: 'https://trailandco.example/tents/ultralight-2',
    source: 'json-ld',
  },
  'eur-shop-decimal-comma.html': {
    title: 'Kaffeevollautomat Barista Pro X9, Edelstahl',
    brand: 'Barista',
    gtin: '04251098742136',
    mpn: 'BPX9-ES',
    sku: 'TH-2231987',
    // '1.299,00 €' on a German page, not the struck-through '1.499,00 €'.
    price: { amountMinor: 129900, currency: 'EUR' },
    image: 'https://www.technikhaus.example/media/image/barista-pro-x9.jpg',
    description:
      'Kaffeevollautomat mit Milchsystem, Kegelmahlwerk aus Edelstahl und 15 bar Pumpendruck.',
    canonicalUrl: 'https://www.technikhaus.example/de/kaffeevollautomat-barista-pro-x9-edelstahl',
    source: 'json-ld',
  },
  'windows-1252-page.html': {
    title: 'Cafetière à piston « Élégance » 1 L – Inox brossé',
    brand: 'Maison Dupré',
    gtin: '03012345678018',
    sku: 'MD-EL1000',
    price: { amountMinor: 3990, currency: 'EUR' },
    availability: 'in_stock',
    image: 'https://www.maison-dupre.example/boutique/images/produits/elegance-1l.jpg',
    description:
      'Double paroi en acier inoxydable 18/10, filtre à trois niveaux. Idéale pour 8 tasses ; garantie 2 ans.',
    canonicalUrl: 'https://www.maison-dupre.example/boutique/cafetiere-elegance-1l.html',
    source: 'microdata',
  },
  'listing-many-prices.html': {
    canonicalUrl: 'https://www.sounddepot.example/c/headphones',
    source: 'none',
  },
  'no-product-data.html': {
    canonicalUrl: 'https://lanternandloom.example/about',
    source: 'none',
  },
};

describe('extractProduct on the fixture pages', () => {
  it('has an expectation for every fixture page', () => {
    expect(Object.keys(expectedByFixture).sort()).toEqual(
      manifest.pages.map((page) => page.file).sort(),
    );
  });

  it.each(manifest.pages)('$file', ({ file, pageUrl }) => {
    expect(extractProduct(fixture(file), pageUrl)).toEqual({
      ...nothing,
      ...expectedByFixture[file],
    });
  });

  it('picks the ProductGroup variant the URL names, whichever it is', () => {
    const html = fixture('walmart-product-group.html');
    const red = extractProduct(
      html,
      'https://www.walmart.com/ip/Acme-Kitchen-5-Qt-Tilt-Head-Stand-Mixer-Red/5123456792',
    );
    expect(red).toMatchObject({
      sku: '5123456792',
      price: { amountMinor: 19900, currency: 'USD' },
      availability: 'out_of_stock',
    });
  });

  it('falls back to the first variant when the URL names none', () => {
    const html = fixture('walmart-product-group.html').replace(/<link rel="canonical"[^>]*>/, '');
    const result = extractProduct(html, 'https://www.walmart.com/ip/4817263');
    expect(result.sku).toBe('5123456790');
    expect(result.title).toBe('Acme Kitchen 5 Qt Tilt-Head Stand Mixer, Onyx');
  });

  it('reads the same page the same way twice', () => {
    const file = 'generic-jsonld-graph.html';
    expect(extractProduct(fixture(file), pageUrlOf(file))).toEqual(
      extractProduct(fixture(file), pageUrlOf(file)),
    );
  });
});
