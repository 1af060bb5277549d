import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetailerUrl } from './parse-retailer-url.ts';

const retailerLinks = [
  'https://www.amazon.com/Some-Title/dp/B08P2HBBLX/ref=sr_1_1?keywords=x',
  'https://www.walmart.com/ip/Some-Thing/5689919121',
  'https://www.target.com/p/thing/-/A-85978612?preselect=12345678',
  'https://www.bestbuy.com/site/thing/6447382.p?skuId=6447382',
  'https://www.ebay.com/itm/Thing/256123456789?var=1',
  'https://www.newegg.com/thing/p/N82E16814137601?Item=9SIA4RRJPT6655',
  'https://www.costco.com/thing.product.4000243410.html',
  'https://www.apple.com/uk/shop/product/MX572ZM/A/thing',
  'https://direct.playstation.com/en-us/consoles/console/thing.3005816',
  'https://shop.example.com/products/thing?variant=1',
];

/** A retailer link with random text spliced in: the shapes the rules are most likely to trip on. */
const mutatedLink = fc
  .tuple(fc.constantFrom(...retailerLinks), fc.nat(), fc.string({ unit: 'binary', maxLength: 20 }))
  .map(([link, at, text]) => link.slice(0, at % link.length) + text + link.slice(at % link.length));

describe('parseRetailerUrl never throws', () => {
  it('on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        parseRetailerUrl(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('on mutated retailer links', () => {
    fc.assert(
      fc.property(mutatedLink, (text) => {
        const parsed = parseRetailerUrl(text);
        if (parsed === null) return;
        const again = parseRetailerUrl(parsed.canonicalUrl);
        expect(again?.retailer).toBe(parsed.retailer);
        expect(again?.productId).toBe(parsed.productId);
        expect(again?.canonicalUrl).toBe(parsed.canonicalUrl);
      }),
      { numRuns: 5000 },
    );
  });

  it('on web URLs, and its canonical link reads back the same', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (text) => {
        const parsed = parseRetailerUrl(text);
        expect(parsed).not.toBeNull();
        const again = parseRetailerUrl(parsed!.canonicalUrl);
        expect(again?.canonicalUrl).toBe(parsed!.canonicalUrl);
        expect(again?.productId).toBe(parsed!.productId);
      }),
      { numRuns: 1000 },
    );
  });
});
