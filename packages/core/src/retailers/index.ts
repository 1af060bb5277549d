export {
  RETAILER_KEYS,
  RETAILERS,
  findRetailerByHost,
  isRetailerKey,
  normalizeRetailerHost,
  type AffiliateParameter,
  type Retailer,
  type RetailerKey,
} from './retailer-table.ts';
export { parseRetailerUrl, type ParsedRetailerUrl } from './parse-retailer-url.ts';
export { canonicalizeGenericUrl, isTrackingParameter } from './canonical-url.ts';
export { titleWordsFromSlug } from './title-words.ts';
export { shopNameOfHost } from './shop-names.ts';
