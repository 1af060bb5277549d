/**
 * The retailers ipick knows by name (spec §3 "Affiliate configuration per retailer", §9
 * "Affiliate parameter by retailer host"). Any other shop is a generic retailer keyed by its host.
 */

export const RETAILER_KEYS = [
  'amazon',
  'ebay',
  'walmart',
  'target',
  'bestbuy',
  'apple',
  'playstation',
  'newegg',
  'costco',
] as const;

export type RetailerKey = (typeof RETAILER_KEYS)[number];

/** The query parameter that carries ipick's affiliate id on an outbound link (spec §9). */
export type AffiliateParameter = 'tag' | 'partner' | 'affiliate';

export interface Retailer {
  readonly key: RetailerKey;
  readonly name: string;
  /**
   * Every host the retailer's links use, lowercased and without `www.`: country stores, mobile
   * sites and short-link domains. Short links (`amzn.to`, `ebay.us`) name the retailer but not the
   * product until their redirect is followed.
   */
  readonly hosts: readonly string[];
  readonly affiliateParameter: AffiliateParameter;
  /**
   * The parameters by which another affiliate's link to this retailer names that affiliate or
   * its click (its programme's account and sub-ids, the landing parameters of its network; research
   * §3). ipick's outbound link drops them when it puts its own id in: left there, the retailer
   * credits the other affiliate for ipick's click.
   */
  readonly otherAffiliateParameters: readonly string[];
}

/** Impact's landing parameters (click id and its flag), at the retailers Impact serves. */
const impactLandingParameters = ['irclickid', 'irgwc'] as const;

const amazonDomains = [
  'com',
  'ca',
  'com.mx',
  'com.br',
  'co.uk',
  'ie',
  'de',
  'fr',
  'it',
  'es',
  'nl',
  'se',
  'pl',
  'com.be',
  'com.tr',
  'ae',
  'sa',
  'eg',
  'in',
  'co.jp',
  'com.au',
  'sg',
  'cn',
  'co.za',
].map((suffix) => `amazon.${suffix}`);

const ebayDomains = [
  'com',
  'co.uk',
  'de',
  'ca',
  'com.au',
  'fr',
  'it',
  'es',
  'at',
  'ch',
  'ie',
  'nl',
  'pl',
  'com.sg',
  'com.hk',
  'com.my',
  'ph',
].map((suffix) => `ebay.${suffix}`);

export const RETAILERS: Readonly<Record<RetailerKey, Retailer>> = {
  amazon: {
    key: 'amazon',
    name: 'Amazon',
    hosts: [
      ...amazonDomains.flatMap((domain) => [domain, `m.${domain}`]),
      // AmazonSmile closed in 2023, but its links are still shared.
      'smile.amazon.com',
      'smile.amazon.co.uk',
      'smile.amazon.de',
      'amzn.com',
      'amzn.to',
      'amzn.eu',
      'amzn.asia',
      'a.co',
    ],
    affiliateParameter: 'tag',
    // Associates' sub-tag and the link labels of Amazon's link tools, all tied to the tag.
    otherAffiliateParameters: ['ascsubtag', 'linkCode', 'linkId'],
  },
  ebay: {
    key: 'ebay',
    name: 'eBay',
    hosts: [
      ...ebayDomains.flatMap((domain) => [domain, `m.${domain}`]),
      'cgi.ebay.com',
      'cgi.ebay.co.uk',
      'cgi.ebay.de',
      'ebay.us',
    ],
    affiliateParameter: 'partner',
    // eBay Partner Network: campaign (who is paid), custom id and the tracking-event fields.
    otherAffiliateParameters: ['campid', 'customid', 'mkcid', 'mkrid', 'mkevt', 'toolid'],
  },
  walmart: {
    key: 'walmart',
    name: 'Walmart',
    hosts: ['walmart.com'],
    affiliateParameter: 'affiliate',
    otherAffiliateParameters: [
      // Impact's landing on walmart.com (`wmlspartner=imp_…`, `sourceid=imp_…`, `veh=aff`).
      'clickid',
      'irgwc',
      'sourceid',
      'veh',
      'wmlspartner',
      'affiliates_ad_id',
      'campaign_id',
    ],
  },
  target: {
    key: 'target',
    name: 'Target',
    hosts: ['target.com'],
    affiliateParameter: 'affiliate',
    otherAffiliateParameters: ['afid', 'clkid', 'lnm', ...impactLandingParameters],
  },
  bestbuy: {
    key: 'bestbuy',
    name: 'Best Buy',
    // api.bestbuy.com serves the affiliate click links (`/click/-/<sku>/pdp`).
    hosts: ['bestbuy.com', 'm.bestbuy.com', 'bestbuy.ca', 'api.bestbuy.com'],
    affiliateParameter: 'affiliate',
    otherAffiliateParameters: [...impactLandingParameters, 'mpid', 'loc', 'acampID'],
  },
  apple: {
    key: 'apple',
    name: 'Apple',
    // Country stores are path prefixes (`/uk/shop/...`), not hosts.
    hosts: ['apple.com'],
    affiliateParameter: 'affiliate',
    // Apple's affiliate token and campaign text.
    otherAffiliateParameters: ['at', 'ct'],
  },
  playstation: {
    key: 'playstation',
    name: 'PlayStation Direct',
    hosts: ['direct.playstation.com'],
    affiliateParameter: 'affiliate',
    otherAffiliateParameters: [],
  },
  newegg: {
    key: 'newegg',
    name: 'Newegg',
    hosts: ['newegg.com', 'newegg.ca'],
    affiliateParameter: 'affiliate',
    otherAffiliateParameters: [...impactLandingParameters],
  },
  costco: {
    key: 'costco',
    name: 'Costco',
    hosts: ['costco.com', 'costco.ca', 'costco.co.uk', 'costco.com.au', 'costco.com.mx'],
    affiliateParameter: 'affiliate',
    otherAffiliateParameters: ['cjevent', 'cjdata'],
  },
};

const retailerByHost = new Map<string, RetailerKey>(
  RETAILER_KEYS.flatMap((key) => RETAILERS[key].hosts.map((host) => [host, key] as const)),
);

export function isRetailerKey(value: string): value is RetailerKey {
  return (RETAILER_KEYS as readonly string[]).includes(value);
}

/**
 * The host as ipick keys shops by it: lowercased, without a trailing dot or a leading `www.`.
 * The port stays when the input has one, because two ports are two different servers.
 */
export function normalizeRetailerHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.(?=:\d+$|$)/, '')
    .replace(/^www\./, '');
}

/**
 * The named retailer that serves `host` (a hostname, optionally with `www.` or a port), or null
 * for any other shop. Only listed hosts count: `aws.amazon.com` is not the Amazon store.
 */
export function findRetailerByHost(host: string): RetailerKey | null {
  const hostname = normalizeRetailerHost(host).replace(/:\d+$/, '');
  return retailerByHost.get(hostname) ?? null;
}
