export {
  addAffiliateId,
  buildAffiliateLink,
  PLACEHOLDER_AFFILIATE_IDS,
  type AffiliateIds,
} from './affiliate-link.ts';
export {
  addMissingOutboundParameters,
  buildOutboundUrl,
  OUTBOUND_DEFAULTS,
  type OutboundUrlInput,
  type UtmValues,
} from './outbound-url.ts';
export { createReferralId, randomAlphanumeric } from './referral-id.ts';
export { redirectPath, REDIRECT_PATH } from './redirect-path.ts';
