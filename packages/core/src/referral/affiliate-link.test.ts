import { describe, expect, it } from 'vitest';
import { RETAILER_KEYS, RETAILERS } from '../retailers/retailer-table.ts';
import { addAffiliateId, buildAffiliateLink, PLACEHOLDER_AFFILIATE_IDS } from './affiliate-link.ts';

describe('buildAffiliateLink', () => {
  it.each(RETAILER_KEYS)("puts %s's id in its own parameter (spec §9)", (key) => {
    const retailer = RETAILERS[key];
    const link = buildAffiliateLink(`https://www.${retailer.hosts[0]}/some/product?color=red`, {
      [key]: `id-${key}`,
    });
    const url = new URL(link);
    expect(url.searchParams.get(retailer.affiliateParameter)).toBe(`id-${key}`);
    expect(url.searchParams.get('color')).toBe('red');
  });

  it('uses the spec parameter names', () => {
    expect(buildAffiliateLink('https://www.amazon.com/dp/B08P2HBBLX', { amazon: 'ipick-20' })).toBe(
      'https://www.amazon.com/dp/B08P2HBBLX?tag=ipick-20',
    );
    expect(buildAffiliateLink('https://www.ebay.com/itm/1234567890', { ebay: 'p1' })).toBe(
      'https://www.ebay.com/itm/1234567890?partner=p1',
    );
    expect(buildAffiliateLink('https://www.walmart.com/ip/123', { walmart: 'w1' })).toBe(
      'https://www.walmart.com/ip/123?affiliate=w1',
    );
  });

  it("replaces another affiliate's id and keeps the fragment", () => {
    expect(
      buildAffiliateLink('https://www.amazon.com/dp/B08P2HBBLX?tag=someone-20#reviews', {
        amazon: 'ipick-20',
      }),
    ).toBe('https://www.amazon.com/dp/B08P2HBBLX?tag=ipick-20#reviews');
  });

  it.each([
    [
      'an eBay Partner Network link',
      'https://www.ebay.com/itm/1234567890?mkcid=1&mkrid=711-53200-19255-0&siteid=0&campid=5338000000&customid=theirs&toolid=10001&mkevt=1',
      { ebay: 'p1' },
      'https://www.ebay.com/itm/1234567890?siteid=0&partner=p1',
    ],
    [
      "an Associate's link with a sub-tag",
      'https://www.amazon.co.uk/dp/B08P2HBBLX?tag=someone-21&ascsubtag=click-9&linkCode=ll1&linkId=abc&th=1',
      { amazon: 'ipick-21' },
      'https://www.amazon.co.uk/dp/B08P2HBBLX?tag=ipick-21&th=1',
    ],
    [
      "Walmart's landing after another partner's Impact click",
      'https://www.walmart.com/ip/123?irgwc=1&sourceid=imp_x1&veh=aff&wmlspartner=imp_77&clickid=x1&affiliates_ad_id=5&campaign_id=9383&selected=true',
      { walmart: 'w1' },
      'https://www.walmart.com/ip/123?selected=true&affiliate=w1',
    ],
    [
      "Target's landing after another partner's click",
      'https://www.target.com/p/-/A-1?clkid=c1&lnm=81938&afid=Someone&preselect=1',
      { target: 't1' },
      'https://www.target.com/p/-/A-1?preselect=1&affiliate=t1',
    ],
    [
      "Best Buy's landing after another partner's click",
      'https://www.bestbuy.com/site/6505727.p?irclickid=c1&irgwc=1&loc=Someone&acampID=0&mpid=77&skuId=6505727',
      { bestbuy: 'b1' },
      'https://www.bestbuy.com/site/6505727.p?skuId=6505727&affiliate=b1',
    ],
    [
      "an Apple link with another affiliate's token",
      'https://www.apple.com/shop/buy-iphone?at=1000lXYZ&ct=theirs',
      { apple: 'a1' },
      'https://www.apple.com/shop/buy-iphone?affiliate=a1',
    ],
  ])("drops another affiliate's parameters from %s", (_, link, ids, expected) => {
    expect(buildAffiliateLink(link, ids)).toBe(expected);
  });

  it("leaves another affiliate's parameters on a retailer ipick has no id for", () => {
    const link = 'https://www.ebay.com/itm/1234567890?campid=5338000000&mkevt=1';
    expect(buildAffiliateLink(link, { amazon: 'ipick-20' })).toBe(link);
  });

  it('has a placeholder for every retailer', () => {
    for (const key of RETAILER_KEYS) expect(PLACEHOLDER_AFFILIATE_IDS[key]).toMatch(/\S/);
  });

  it.each(['not a link', '', 'javascript:alert(1)', 'ftp://www.amazon.com/dp/B08P2HBBLX', '/dp/x'])(
    'gives back %j unchanged: it does not parse (spec §5)',
    (input) => {
      expect(buildAffiliateLink(input, PLACEHOLDER_AFFILIATE_IDS)).toBe(input);
    },
  );

  it('leaves other shops and retailers without an id alone', () => {
    const shop = 'https://shop.example.com/products/kettle';
    expect(buildAffiliateLink(shop, PLACEHOLDER_AFFILIATE_IDS)).toBe(shop);
    const amazon = 'https://www.amazon.com/dp/B08P2HBBLX';
    expect(buildAffiliateLink(amazon, { ebay: 'p1' })).toBe(amazon);
    expect(buildAffiliateLink(amazon, { amazon: '' })).toBe(amazon);
  });

  it('does not take a look-alike host for the retailer', () => {
    const lookAlike = 'https://evilamazon.com/dp/B08P2HBBLX';
    expect(buildAffiliateLink(lookAlike, PLACEHOLDER_AFFILIATE_IDS)).toBe(lookAlike);
  });
});

describe('addAffiliateId', () => {
  it('sets the id in the parsed link itself and says so', () => {
    const link = new URL('https://www.amazon.com/dp/B08P2HBBLX?tag=someone-else-21&th=1');
    expect(addAffiliateId(link, { amazon: 'ipick-20' })).toBe(true);
    expect(link.searchParams.get('tag')).toBe('ipick-20');
    expect(link.searchParams.get('th')).toBe('1');
  });

  it("keeps a link's own query encoding when the id is already there", () => {
    const href = 'https://www.amazon.com/s?k=usb%20c+cable&tag=ipick-20';
    const link = new URL(href);
    expect(addAffiliateId(link, { amazon: 'ipick-20' })).toBe(true);
    expect(link.href).toBe(href);
  });

  it('takes the retailer its caller already knows instead of looking the host up', () => {
    const link = new URL('https://www.amazon.com/dp/B08P2HBBLX');
    expect(addAffiliateId(link, { amazon: 'ipick-20' }, null)).toBe(false);
    expect(link.search).toBe('');
    expect(addAffiliateId(link, { amazon: 'ipick-20' }, 'amazon')).toBe(true);
    expect(link.searchParams.get('tag')).toBe('ipick-20');
  });

  it('leaves other shops and retailers without an id untouched', () => {
    const shop = new URL('https://shop.example.com/kettle?tag=x');
    expect(addAffiliateId(shop, PLACEHOLDER_AFFILIATE_IDS)).toBe(false);
    expect(shop.href).toBe('https://shop.example.com/kettle?tag=x');
    const amazon = new URL('https://www.amazon.com/dp/B08P2HBBLX');
    expect(addAffiliateId(amazon, { ebay: 'p1' })).toBe(false);
    expect(amazon.search).toBe('');
  });
});
