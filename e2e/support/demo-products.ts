import {
  generateDemoCatalog,
  type DemoProduct,
} from '../../apps/server/src/modules/demo/catalog-generator.ts';

/** The browser-test server loads the demo catalog with seed 1 and 3,000 products. */
const demoCatalog = (): Generator<DemoProduct> => generateDemoCatalog({ seed: 1, products: 3000 });

/** A demo product sold by at least three retailers, each offer with a GTIN. */
function productsWithThreeGtinOffers(): DemoProduct[] {
  const found: DemoProduct[] = [];
  for (const product of demoCatalog()) {
    const retailers = new Set(product.offers.map((entry) => entry.retailer));
    if (
      product.offers.length >= 3 &&
      retailers.size === product.offers.length &&
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
