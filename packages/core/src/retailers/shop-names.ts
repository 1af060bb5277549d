import { domainsOfHost } from '../host-domains.ts';
import { findRetailerByHost, normalizeRetailerHost, RETAILERS } from './retailer-table.ts';

/**
 * Well-known shops ipick does not compare, by their main domain, as they write their names: a
 * shopper pasting a B&H link reads "B&H Photo", not "bhphotovideo.com" (issue 19 "Links ipick
 * doesn't have").
 */
const WELL_KNOWN_SHOPS: Readonly<Record<string, string>> = {
  'bhphotovideo.com': 'B&H Photo',
  'ikea.com': 'IKEA',
  'homedepot.com': 'The Home Depot',
  'lowes.com': "Lowe's",
  'wayfair.com': 'Wayfair',
  'etsy.com': 'Etsy',
  'macys.com': "Macy's",
  'kohls.com': "Kohl's",
  'samsclub.com': "Sam's Club",
  'bjs.com': "BJ's",
  'adorama.com': 'Adorama',
  'microcenter.com': 'Micro Center',
  'gamestop.com': 'GameStop',
  'staples.com': 'Staples',
  'officedepot.com': 'Office Depot',
  'dell.com': 'Dell',
  'hp.com': 'HP',
  'lenovo.com': 'Lenovo',
  'samsung.com': 'Samsung',
  'sony.com': 'Sony',
  'microsoft.com': 'Microsoft',
  'crutchfield.com': 'Crutchfield',
  'nordstrom.com': 'Nordstrom',
  'zappos.com': 'Zappos',
  'rei.com': 'REI',
  'dickssportinggoods.com': "Dick's Sporting Goods",
  'chewy.com': 'Chewy',
  'sephora.com': 'Sephora',
  'ulta.com': 'Ulta Beauty',
  'cvs.com': 'CVS',
  'walgreens.com': 'Walgreens',
  'kroger.com': 'Kroger',
  'qvc.com': 'QVC',
  'overstock.com': 'Overstock',
  'aliexpress.com': 'AliExpress',
  'temu.com': 'Temu',
  'shein.com': 'SHEIN',
  'argos.co.uk': 'Argos',
  'currys.co.uk': 'Currys',
  'johnlewis.com': 'John Lewis',
  'mediamarkt.de': 'MediaMarkt',
  'otto.de': 'OTTO',
  'fnac.com': 'Fnac',
  'bol.com': 'bol.com',
  'zalando.com': 'Zalando',
  'jbhifi.com.au': 'JB Hi-Fi',
  'canadiantire.ca': 'Canadian Tire',
};

/**
 * A shop's name for shoppers: the named retailer's ("Amazon" for amazon.co.uk), a well-known
 * shop's ("B&H Photo"), or null for any other, which is then best named by its host.
 */
export function shopNameOfHost(host: string): string | null {
  const retailer = findRetailerByHost(host);
  if (retailer) return RETAILERS[retailer].name;
  const hostname = normalizeRetailerHost(host).replace(/:\d+$/, '');
  for (const domain of domainsOfHost(hostname)) {
    const name = WELL_KNOWN_SHOPS[domain];
    if (name) return name;
  }
  return null;
}
