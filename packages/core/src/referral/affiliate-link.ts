import { findRetailerByHost, RETAILERS, type RetailerKey } from '../retailers/retailer-table.ts';

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
 * `partner`, the others `affiliate`), replacing any id already there, and without the
 * parameters that name another affiliate (`Retailer.otherAffiliateParameters`: an eBay Partner
 * Network `campid`, an Impact click id, ...). A link that does not parse, a shop that is not a
 * named retailer, or a retailer without an id in `affiliateIds` gives the link back unchanged
 * (spec §5, §8).
 */
export function buildAffiliateLink(url: string, affiliateIds: AffiliateIds): string {
  let link: URL;
  try {
    link = new URL(url.trim());
  } catch {
    return url;
  }
  if (link.protocol !== 'http:' && link.protocol !== 'https:') return url;
  return addAffiliateId(link, affiliateIds) ? link.href : url;
}

/**
 * Puts ipick's affiliate id into `link` (changed in place) when it is a named retailer's and
 * `affiliateIds` has an id for it; says whether it did. The redirect uses this on the URL it
 * already parsed, rather than parsing the link again, and passes the retailer it already knows
 * of the link's host.
 */
export function addAffiliateId(
  link: URL,
  affiliateIds: AffiliateIds,
  retailer: RetailerKey | null = findRetailerByHost(link.hostname),
): boolean {
  const id = retailer === null ? undefined : affiliateIds[retailer];
  if (!id) return false;
  const { affiliateParameter, otherAffiliateParameters } = RETAILERS[retailer!];
  const params = link.searchParams;
  // Setting a parameter re-encodes the whole query; a link that already has the id keeps its own.
  if (params.get(affiliateParameter) !== id) params.set(affiliateParameter, id);
  // Someone else's link (pasted, or shared with ipick) must not pay them for ipick's click.
  for (const name of otherAffiliateParameters) if (params.has(name)) params.delete(name);
  return true;
}
