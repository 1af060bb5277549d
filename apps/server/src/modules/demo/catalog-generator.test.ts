import { isValidGtin, parseRetailerUrl } from '@ipick/core';
import { describe, expect, it } from 'vitest';
import { normalizeIdentifier } from '../catalog/catalog-types.ts';
import { generateDemoCatalog, type DemoProduct } from './catalog-generator.ts';
import { demoRetailerHosts, demoRetailerIdPatterns } from './catalog-retailers.ts';
import { templateOptions } from './catalog-templates.ts';
import { demoKinds, gameNameTemplate } from './catalog-words.ts';

const catalog = [...generateDemoCatalog({ seed: 1, products: 3000 })];

/** Each line of the vocabulary by the key products carry, with its variant attributes. */
const linesByKey = new Map(
  demoKinds.flatMap((kind) =>
    kind.lines.map((words) => [
      `${words.brand}|${words.name}|${words.series}`,
      { words, axes: (words.axes ?? kind.axes).map((axis) => axis.attribute) },
    ]),
  ),
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const offers = catalog.flatMap((product) => product.offers.map((offer) => ({ product, ...offer })));

/** The id as a URL parser finds it in each retailer's link (research/matching.md §4.2). */
const idInLink: Record<string, RegExp> = {
  amazon: /\/dp\/([A-Z0-9]{10})(?:[/?#]|$)/,
  ebay: /\/itm\/(?:[^/]+\/)?(\d{9,15})(?:[/?#]|$)/,
  walmart: /\/ip\/(?:[^/]+\/)?(\d{5,})(?:[/?#]|$)/,
  target: /\/A-(\d{6,10})(?:[/?#]|$)/,
  bestbuy: /[?&]skuId=(\d{7})(?:&|$)/,
  apple: /\/shop\/product\/([A-Z0-9]{5,8}\/[A-Z])(?:\/|$)/,
  playstation: /\.(\d{7})(?:$|[?#])/,
  newegg: /\/p\/(N82E\d{11})(?:[/?#]|$)/,
  costco: /\.product\.(\d+)\.html$/,
};

describe('generateDemoCatalog', () => {
  it('gives byte-identical catalogs for one seed and different ones for another', () => {
    const again = [...generateDemoCatalog({ seed: 1, products: 3000 })];
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalog));
    const other = [...generateDemoCatalog({ seed: 2, products: 3000 })];
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(catalog));
    expect(other.map((product) => product.title)).not.toEqual(catalog.map((p) => p.title));
  });

  it('is lazy, and a smaller catalog is the start of a larger one', () => {
    const first = generateDemoCatalog({ seed: 1 }).next();
    expect(first.value).toEqual(catalog[0]);
    const small = [...generateDemoCatalog({ seed: 1, products: 250 })];
    expect(small).toEqual(catalog.slice(0, 250));
  });

  it('makes 3,000 products by default and stops at an offer count when asked', () => {
    expect([...generateDemoCatalog()].length).toBe(3000);
    const sized = [...generateDemoCatalog({ seed: 5, offers: 2000 })];
    const total = sized.reduce((sum, product) => sum + product.offers.length, 0);
    expect(total).toBeGreaterThanOrEqual(2000);
    expect(total - sized.at(-1)!.offers.length).toBeLessThan(2000);
  });

  it('spreads products over categories, kinds and brands', () => {
    const categories = new Set(catalog.map((product) => product.category));
    expect([...categories].sort()).toEqual(
      [
        'accessories',
        'appliances',
        'electronics',
        'gaming',
        'home',
        'kitchen',
        'small-tech',
      ].sort(),
    );
    expect(new Set(catalog.map((product) => product.kind)).size).toBeGreaterThanOrEqual(35);
    expect(new Set(catalog.map((product) => product.brand)).size).toBeGreaterThanOrEqual(80);
  });

  it('gives every product a valid, unique 14-digit GTIN', () => {
    for (const product of catalog) {
      expect(product.gtin).toMatch(/^\d{14}$/);
      expect(isValidGtin(product.gtin), product.gtin).toBe(true);
    }
    expect(new Set(catalog.map((product) => product.gtin)).size).toBe(catalog.length);
  });

  it('never gives two products one brand and MPN, so the catalog cannot merge them', () => {
    const keys = catalog
      .filter((product) => product.mpn !== null)
      .map((product) => `${product.brand.toLowerCase()}|${normalizeIdentifier(product.mpn!)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('shows the GTIN on some retailers only, and always the product’s own', () => {
    for (const { product, offer } of offers) {
      if (offer.gtin !== null) expect(offer.gtin).toBe(product.gtin);
    }
    const shown = offers.filter(({ offer }) => offer.gtin !== null).length / offers.length;
    expect(shown).toBeGreaterThan(0.3);
    expect(shown).toBeLessThan(0.85);
    const mixed = catalog.filter(
      (product) =>
        product.offers.some(({ offer }) => offer.gtin !== null) &&
        product.offers.some(({ offer }) => offer.gtin === null),
    );
    expect(mixed.length).toBeGreaterThan(catalog.length / 3);
  });

  it('shows the MPN on some listings, as the maker writes it or without punctuation', () => {
    for (const { product, offer } of offers) {
      if (offer.mpn !== null) {
        expect(normalizeIdentifier(offer.mpn)).toBe(normalizeIdentifier(product.mpn!));
      }
    }
    expect(offers.some(({ offer }) => offer.mpn === null)).toBe(true);
    expect(
      offers.some(({ product, offer }) => offer.mpn !== null && offer.mpn !== product.mpn),
    ).toBe(true);
  });

  it('puts each product on 2 to 7 different retailers', () => {
    for (const product of catalog) {
      const retailers = product.offers.map((offer) => offer.retailer);
      expect(retailers.length).toBeGreaterThanOrEqual(2);
      expect(retailers.length).toBeLessThanOrEqual(7);
      expect(new Set(retailers).size).toBe(retailers.length);
    }
  });

  it('sells Apple products at Apple and PlayStation products at PlayStation Direct, and only those there', () => {
    for (const product of catalog) {
      const retailers = product.offers.map((offer) => offer.retailer);
      if (product.brand === 'Apple') expect(retailers).toContain('apple');
      if (product.brand === 'PlayStation') expect(retailers).toContain('playstation');
    }
    const atPlayStation = new Set(
      offers
        .filter((offer) => offer.retailer === 'playstation')
        .map(({ product }) => product.brand),
    );
    expect([...atPlayStation].sort()).toEqual(['PlayStation', 'Sony Interactive Entertainment']);
    for (const { product, retailer, offer } of offers) {
      if (retailer === 'apple' && product.brand === 'Apple') {
        expect(offer.retailerProductId).toBe(product.mpn);
      }
    }
  });

  it('writes each link on the retailer’s host, with an id of the retailer’s shape where parsers find it', () => {
    for (const { retailer, offer } of offers) {
      const url = new URL(offer.url);
      expect(url.protocol).toBe('https:');
      expect(url.hostname).toBe(demoRetailerHosts[retailer]);
      expect(offer.retailerProductId).toMatch(demoRetailerIdPatterns[retailer]);
      expect(idInLink[retailer]!.exec(offer.url)?.[1], offer.url).toBe(offer.retailerProductId);
      const parsed = parseRetailerUrl(offer.url);
      expect(parsed?.retailer).toBe(retailer);
      expect(parsed?.productId).toBe(offer.retailerProductId);
    }
  });

  it('never reuses a retailer product id', () => {
    const ids = offers.map(({ retailer, offer }) => `${retailer}|${offer.retailerProductId}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes titles the way each shop does, so one product reads differently across shops', () => {
    const differing = catalog.filter(
      (product) => new Set(product.offers.map(({ offer }) => offer.title)).size > 1,
    );
    expect(differing.length / catalog.length).toBeGreaterThan(0.95);
    const titles = (retailer: string) =>
      offers.filter((offer) => offer.retailer === retailer).map(({ offer }) => offer.title);
    expect(titles('bestbuy').some((title) => / - /.test(title))).toBe(true);
    expect(titles('ebay').every((title) => title.length <= 80)).toBe(true);
    expect(titles('amazon').some((title) => title.endsWith('(Renewed)'))).toBe(true);
    expect(titles('playstation').some((title) => title.includes('\u2122'))).toBe(true);
    expect(titles('walmart').some((title) => /\d+" Class/.test(title))).toBe(true);
    expect(titles('costco').some((title) => /Bonus|Bundle/.test(title))).toBe(true);
  });

  it('prices each retailer differently around the list price', () => {
    const multi = catalog.filter((product) => product.offers.length >= 2);
    const differing = multi.filter(
      (product) => new Set(product.offers.map(({ offer }) => offer.priceMinor)).size > 1,
    );
    expect(differing.length / multi.length).toBeGreaterThan(0.9);
    for (const { product, offer } of offers) {
      expect(offer.currency).toBe('USD');
      expect(offer.priceMinor).toBeGreaterThan(0);
      expect(offer.priceMinor!).toBeLessThan(product.basePriceMinor * 1.1);
      expect(offer.priceMinor!).toBeGreaterThan(product.basePriceMinor * 0.5);
    }
  });

  it('prices every offer of a product, new or second-hand, within 35% of the median of its offers', () => {
    for (const product of catalog) {
      const prices = product.offers.map(({ offer }) => offer.priceMinor!);
      const mid = median(prices);
      for (const price of prices) {
        expect(Math.abs(price / mid - 1), `${product.title}: ${prices.join(', ')}`).toBeLessThan(
          0.35,
        );
      }
    }
  });

  it('prices the models of one line alike, so a line never spans cheap and dear at random', () => {
    // Same line, same variant (size, storage, colour) and bundle: only the series differs.
    const groups = new Map<string, DemoProduct[]>();
    for (const product of catalog) {
      const line = linesByKey.get(product.line)!;
      if (line.words.seriesPrices) continue;
      const variant = line.axes.map((attribute) => product.attributes[attribute]);
      const key = JSON.stringify([product.line, variant, product.attributes.bundle ?? null]);
      groups.set(key, [...(groups.get(key) ?? []), product]);
    }
    const compared = [...groups.values()].filter((members) => members.length > 1);
    expect(compared.length).toBeGreaterThan(100);
    for (const members of compared) {
      const prices = members.map((product) => product.basePriceMinor);
      expect(Math.max(...prices) / Math.min(...prices), members[0]!.line).toBeLessThan(1.35);
    }
  });

  it('prices known models at their own list price: a Galaxy Tab S10+ is never a budget tablet', () => {
    const tabs = catalog.filter(
      (product) => product.brand === 'Samsung' && /^Galaxy Tab/.test(product.line.split('|')[1]!),
    );
    const s10plus = tabs.filter((product) => product.series === 'S10+');
    const a9 = tabs.filter((product) => product.series === 'A9');
    expect(s10plus.length).toBeGreaterThan(0);
    for (const product of s10plus) {
      // $999 for the base storage; the smallest storage, second-hand, is still several hundred.
      for (const { offer } of product.offers) expect(offer.priceMinor!).toBeGreaterThan(60_000);
    }
    for (const product of a9) expect(product.basePriceMinor).toBeLessThan(30_000);
  });

  it('prices the USB-C and Lightning AirPods Max alike', () => {
    const airPodsMax = catalog.filter((product) => product.line.includes('AirPods Max'));
    const series = new Set(airPodsMax.map((product) => product.series));
    expect([...series].sort()).toEqual(['Lightning', 'USB-C']);
    const prices = airPodsMax.map((product) => product.basePriceMinor);
    expect(Math.max(...prices) - Math.min(...prices)).toBeLessThan(5_000);
    for (const product of airPodsMax) {
      for (const { offer } of product.offers) {
        expect(offer.priceMinor!).toBeGreaterThan(40_000);
        expect(offer.priceMinor!).toBeLessThan(60_000);
      }
    }
  });

  it('lets every listing but a Costco bundle show an identifier, so none becomes a second product', () => {
    for (const { product, offer } of offers) {
      if (offer.gtin === null && offer.mpn === null) {
        expect(offer.url, product.title).toMatch(/costco\.com/);
        expect(offer.title).toMatch(/Bonus|Bundle|with|\+/i);
      }
    }
  });

  it('has some offers out of stock, and refurbished or used ones only on eBay and Amazon', () => {
    const outOfStock = offers.filter(({ offer }) => offer.availability === 'out_of_stock');
    expect(outOfStock.length / offers.length).toBeGreaterThan(0.03);
    expect(outOfStock.length / offers.length).toBeLessThan(0.15);
    const notNew = offers.filter(({ offer }) => offer.condition !== 'new');
    expect(notNew.length).toBeGreaterThan(0);
    expect(new Set(notNew.map((offer) => offer.retailer))).toEqual(new Set(['ebay', 'amazon']));
  });

  it('gives offers a price history in the past, oldest first', () => {
    expect(
      offers.filter((offer) => offer.history.length > 0).length / offers.length,
    ).toBeGreaterThan(0.8);
    for (const { history } of offers) {
      const days = history.map((point) => point.daysAgo);
      expect(days).toEqual([...days].sort((a, b) => b - a));
      expect(new Set(days).size).toBe(days.length);
      for (const point of history) {
        expect(point.daysAgo).toBeGreaterThanOrEqual(1);
        expect(point.priceMinor).toBeGreaterThan(0);
      }
    }
  });

  it('makes colour, size and storage variants of one model separate products', () => {
    const families = new Map<string, DemoProduct[]>();
    for (const product of catalog) {
      families.set(product.family, [...(families.get(product.family) ?? []), product]);
    }
    const variantFamilies = [...families.values()].filter((members) => members.length > 1);
    expect(variantFamilies.length).toBeGreaterThan(200);
    for (const members of variantFamilies) {
      expect(new Set(members.map((product) => product.gtin)).size).toBe(members.length);
      expect(new Set(members.map((product) => product.brand)).size).toBe(1);
      const described = members.map((product) => JSON.stringify(product.attributes));
      expect(new Set(described).size).toBe(members.length);
    }
  });

  it('makes accessories that name the device they fit, as products of their own', () => {
    const families = new Map(catalog.map((product) => [product.family, product]));
    const accessories = catalog.filter((product) => product.accessoryFor !== null);
    expect(accessories.length).toBeGreaterThan(100);
    for (const accessory of accessories) {
      const device = families.get(accessory.accessoryFor!);
      expect(device, accessory.key).toBeDefined();
      expect(device!.gtin).not.toBe(accessory.gtin);
      expect(accessory.title).toContain(accessory.attributes.compatibleWith);
    }
    expect(accessories.some((product) => /Case for iPhone/.test(product.title))).toBe(true);
  });

  it('never repeats an option in a template, so template fills stay distinct', () => {
    const templates = demoKinds.flatMap((kind) =>
      kind.lines.flatMap((line) => [line.series, line.model ?? '', line.name]),
    );
    for (const template of [...templates, gameNameTemplate]) {
      for (const options of templateOptions(template)) {
        expect(new Set(options).size, template).toBe(options.length);
      }
    }
  });

  it('rejects catalogs beyond the size its ids are unique for', () => {
    expect(() => generateDemoCatalog({ products: 2_000_000 }).next()).toThrow(RangeError);
  });
});
