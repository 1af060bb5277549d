import {
  generateDemoCatalog,
  type DemoOffer,
  type DemoProduct,
} from '../../apps/server/src/modules/demo/catalog-generator.ts';

/**
 * The browser-test server loads the demo catalog with seed 1 and 3,000 products. Generated once:
 * the cases below read it several times, and every process of the browser tests imports this.
 */
let catalog: DemoProduct[] | null = null;
const demoCatalog = (): DemoProduct[] =>
  (catalog ??= [...generateDemoCatalog({ seed: 1, products: 3000 })]);

/** Whether each shop's listing can be told apart by its title (none is part of another). */
function hasDistinctTitles(product: DemoProduct): boolean {
  const titles = product.offers.map((entry) => entry.offer.title);
  return titles.every((title, index) =>
    titles.every((other, otherIndex) => otherIndex === index || !other.includes(title)),
  );
}

/**
 * A demo product sold by at least three retailers, each offer with a GTIN and a title of its
 * own (the tests find each shop's listing by its title).
 */
function productsWithThreeGtinOffers(): DemoProduct[] {
  const found: DemoProduct[] = [];
  for (const product of demoCatalog()) {
    const retailers = new Set(product.offers.map((entry) => entry.retailer));
    if (
      product.offers.length >= 3 &&
      retailers.size === product.offers.length &&
      hasDistinctTitles(product) &&
      product.offers.every((entry) => entry.offer.gtin !== null && entry.offer.priceMinor !== null)
    ) {
      found.push(product);
      if (found.length === 3) break;
    }
  }
  if (found.length < 3) throw new Error('Too few demo products with three GTIN offers');
  return found;
}

const picked = productsWithThreeGtinOffers();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Any shop's title of the product: the catalog names a product as its first listing did. */
export function titleOfAnyListing(product: DemoProduct): RegExp {
  return new RegExp(
    `^(?:${product.offers.map((entry) => escapeRegExp(entry.offer.title)).join('|')})$`,
  );
}

/** The words of the product's name that every shop's title has, to search the catalog with. */
export function wordsEveryListingHas(product: DemoProduct): string {
  const wordsOf = (title: string) => title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const listings = product.offers.map((entry) => new Set(wordsOf(entry.offer.title)));
  return product.title
    .split(/\s+/)
    .filter((word) => wordsOf(word).every((part) => listings.every((words) => words.has(part))))
    .join(' ');
}

/** The product the shopper pastes from the catalog. */
export const catalogProduct: DemoProduct = picked[0]!;

/** The product the fixture shop (not in the catalog) sells too. */
export const fixtureShopProduct: DemoProduct = picked[1]!;

/** The product the fixture merchant (a verified shop of a merchant on ipick) sells too. */
export const merchantProduct: DemoProduct = picked[2]!;

/** The fixture merchant's price: under every catalog offer, so it is the best deal. */
export const merchantPriceMinor =
  Math.min(...merchantProduct.offers.map((entry) => entry.offer.priceMinor!)) - 250;

/** The fixture shop's price: a dollar under the cheapest catalog offer, so ipick shows no saving. */
export const fixtureShopPriceMinor =
  Math.min(...fixtureShopProduct.offers.map((entry) => entry.offer.priceMinor!)) - 100;

/** A demo product sold at Amazon and at least one other retailer, every offer priced. */
function productWithAmazonOffer(): DemoProduct {
  for (const product of demoCatalog()) {
    const amazon = product.offers.filter((entry) => entry.retailer === 'amazon');
    if (
      amazon.length === 1 &&
      product.offers.length >= 2 &&
      product.offers.every(
        (entry) =>
          entry.offer.priceMinor !== null &&
          entry.offer.gtin !== null &&
          entry.offer.condition === 'new' &&
          entry.offer.availability === 'in_stock',
      )
    ) {
      return product;
    }
  }
  throw new Error('No demo product with an Amazon offer');
}

/** The product whose Amazon offer shows which affiliate id ipick's links carry. */
export const amazonProduct: DemoProduct = productWithAmazonOffer();

interface DemoListing {
  product: DemoProduct;
  offer: DemoOffer;
}

/** The demo offer of `retailer` whose title matches `title`, with its product. */
function demoOffer(retailer: string, title: RegExp): DemoListing | null {
  for (const product of demoCatalog()) {
    const found = product.offers.find(
      (entry) => entry.retailer === retailer && title.test(entry.offer.title),
    );
    if (found) return { product, offer: found };
  }
  return null;
}

/**
 * A size case of one model: a new listing of its largest size and a new one of its smallest (at
 * the same shop where there is one), among the families of `kind` whose titles match `title`;
 * the sizes widest apart first.
 */
function sizeCase(
  kind: string,
  title: RegExp,
  attribute: string,
): { pasted: DemoListing; other: DemoListing; sizes: [number, number] } {
  const families = new Map<string, DemoProduct[]>();
  for (const product of demoCatalog()) {
    if (product.kind !== kind || !title.test(product.title)) continue;
    families.set(product.family, [...(families.get(product.family) ?? []), product]);
  }
  const size = (product: DemoProduct) => Number.parseFloat(product.attributes[attribute]!);
  const isNew = (entry: DemoOffer) => entry.offer.condition === 'new';
  let best: { pasted: DemoListing; other: DemoListing; sizes: [number, number] } | null = null;
  for (const members of families.values()) {
    const sorted = [...members].sort((a, b) => size(b) - size(a));
    const [large, small] = [sorted[0]!, sorted.at(-1)!];
    if (size(large) === size(small)) continue;
    const pasted = large.offers.find(isNew);
    // The same shop words both sizes' titles alike, so the other size is among the closest
    // alternatives the results page shows.
    const other =
      small.offers.find((entry) => isNew(entry) && entry.retailer === pasted?.retailer) ??
      small.offers.find(isNew);
    if (!pasted || !other) continue;
    if (!best || size(large) / size(small) > best.sizes[0] / best.sizes[1]) {
      best = {
        pasted: { product: large, offer: pasted },
        other: { product: small, offer: other },
        sizes: [size(large), size(small)],
      };
    }
  }
  if (!best) throw new Error(`No demo ${kind} sold in two sizes at two shops`);
  return best;
}

/**
 * Issue 19's size cases: the 85" TCL QM655R at Newegg with the 43" at Target, and the 46 mm Apple
 * Watch Series 10 at Amazon with the 40 mm at Target (one line, another size); when the demo
 * catalog no longer has those listings, the model of that kind sold in the sizes furthest apart.
 */
function tvCase() {
  const pasted = demoOffer('newegg', /^TCL QM655R 85"/);
  const other = demoOffer('target', /^TCL QM655R 43"/);
  if (pasted && other) return { pasted, other, difference: 'Different size: 43-inch vs 85-inch' };
  const found = sizeCase('tv', /./, 'screenSize');
  return {
    ...found,
    difference: `Different size: ${found.sizes[1]}-inch vs ${found.sizes[0]}-inch`,
  };
}

function watchCase() {
  const pasted = demoOffer('amazon', /^Apple Watch Series 10 GPS \+ Cellular 46 ?mm/);
  const other = demoOffer('target', /^Apple Watch Series 10 GPS \+ Cellular 40 ?mm/);
  if (pasted && other) return { pasted, other, difference: 'Different size: 40 mm vs 46 mm' };
  const found = sizeCase('smartwatch', /^Apple Watch/, 'caseSize');
  return {
    ...found,
    difference: `Different size: ${found.sizes[1]} mm vs ${found.sizes[0]} mm`,
  };
}

export const sizeCases = { tv: tvCase(), watch: watchCase() };

/**
 * Issue 19's shipping case: a product whose Amazon offer charges shipping and whose eBay offer,
 * dearer by price, ships free and so costs less in total ($11.95 + $5.99 against $12.27).
 */
function shippingCase(): { product: DemoProduct; amazon: DemoOffer; ebay: DemoOffer } {
  const cases: { product: DemoProduct; amazon: DemoOffer; ebay: DemoOffer }[] = [];
  for (const product of demoCatalog()) {
    const amazon = product.offers.find((entry) => entry.retailer === 'amazon');
    const ebay = product.offers.find((entry) => entry.retailer === 'ebay');
    if (!amazon || !ebay) continue;
    const [a, e] = [amazon.offer, ebay.offer];
    if (
      a.condition === 'new' &&
      e.condition === 'new' &&
      a.priceMinor !== null &&
      e.priceMinor !== null &&
      (a.shippingMinor ?? 0) > 0 &&
      e.shippingMinor === 0 &&
      e.priceMinor > a.priceMinor &&
      e.priceMinor < a.priceMinor + a.shippingMinor!
    )
      cases.push({ product, amazon, ebay });
  }
  // The issue's own figures when the demo catalog still has them, else the first of that shape.
  const issue = cases.find(
    ({ amazon, ebay }) =>
      amazon.offer.priceMinor === 1195 &&
      amazon.offer.shippingMinor === 599 &&
      ebay.offer.priceMinor === 1227,
  );
  const found = issue ?? cases[0];
  if (!found)
    throw new Error('No demo product with free shipping at eBay and paid shipping at Amazon');
  return found;
}

export const shippingCaseProduct = shippingCase();

/** Amazon's total (price plus shipping) in the shipping case. */
export const shippingCaseAmazonTotal =
  shippingCaseProduct.amazon.offer.priceMinor! + shippingCaseProduct.amazon.offer.shippingMinor!;

/**
 * What the fixture shop asks for that product, shipping unknown: $7.00 under Amazon's total,
 * as the Walmart price of issue 19 ($10.94) is under $11.95 + $5.99.
 */
export const shippingCasePastedPriceMinor = shippingCaseAmazonTotal - 700;
