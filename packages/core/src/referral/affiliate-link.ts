import { parseRetailerUrl } from '../retailers/parse-retailer-url.ts';
import { RETAILERS, type RetailerKey } from '../retailers/retailer-table.ts';

/** ipick's affiliate id at each named retailer (spec §3 "Affiliate configuration per retailer"). */
export type AffiliateIds = Partial<Readonly<Record<RetailerKey, string>>>;

/**
 * Spec §3: until an admin enters ipick's real ids, the affiliate configuration holds
 * placeholders. Amazon tags end in a two-digit store suffix, so its placeholder has one too.
 */
export const PLACEHOLDER_AFFILIATE_IDS: Readonly<Record<RetailerKey, string>> = {
  amazon: 'ipick-20',
  ebay: 'ipick',
  walmart: 'ipick',
  target: 'ipick',
  bestbuy: 'ipick',
  apple: 'ipick',
  playstation: 'ipick',
  newegg: 'ipick',
  costco: 'ipick',
};

/**
 * `url` with ipick's affiliate id in the retailer's parameter (spec §9: amazon `tag`, ebay
 * `partner`, the others `affiliate`), replacing any id already there. A link that does not
 * parse, a shop that is not a named retailer, or a retailer without an id in `affiliateIds`
 * gives the link back unchanged (spec §5, §8).
 */
export function buildAffiliateLink(url: string, affiliateIds: AffiliateIds): string {
  const parsed = parseRetailerUrl(url);
  if (!parsed?.retailer) return url;
  const id = affiliateIds[parsed.retailer];
  if (!id) return url;
  const link = new URL(url.trim());
  link.searchParams.set(RETAILERS[parsed.retailer].affiliateParameter, id);
  return link.href;
}
