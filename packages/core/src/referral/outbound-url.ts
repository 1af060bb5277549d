import { toHttpUrl } from '../retailers/http-url.ts';
import { buildAffiliateLink, type AffiliateIds } from './affiliate-link.ts';

/** The stored UTM set of a visit (spec §3), captured once from the page address (§4). */
export interface UtmValues {
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
  term?: string | null;
  content?: string | null;
}

/** Spec §9: what every outbound link carries unless the visit's own UTM values say otherwise. */
export const OUTBOUND_DEFAULTS = {
  ref: 'ipick',
  utm_source: 'ipick',
  utm_medium: 'price_comparison',
  utm_campaign: 'product_referral',
} as const;

export interface OutboundUrlInput {
  /** The retailer's or shop's product link. */
  target: string;
  /** The visit's stored UTM values; each one given replaces ipick's default. */
  utm?: UtmValues | null;
  sessionId: string;
  businessDomain?: string | null;
  productName?: string | null;
  affiliateIds: AffiliateIds;
}

const utmKeys = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/**
 * The outbound link for a click (spec §1, §9): the retailer's affiliate id, `ref=ipick` and
 * the default UTM parameters overridden by the visit's own, `session_id` (when there is one),
 * and `business_domain` and `product_name` when known. A link that does not parse comes back
 * unchanged (spec §5).
 */
export function buildOutboundUrl(input: OutboundUrlInput): string {
  // parseRetailerUrl's only null: not an absolute http(s) link.
  if (toHttpUrl(input.target) === null) return input.target;
  const url = new URL(buildAffiliateLink(input.target, input.affiliateIds).trim());
  const params = url.searchParams;
  for (const [name, value] of Object.entries(OUTBOUND_DEFAULTS)) params.set(name, value);
  for (const key of utmKeys) {
    const value = input.utm?.[key];
    if (value) params.set(`utm_${key}`, value);
  }
  if (input.sessionId) params.set('session_id', input.sessionId);
  if (input.businessDomain) params.set('business_domain', input.businessDomain);
  if (input.productName) params.set('product_name', input.productName);
  return url.href;
}

/**
 * Completes a link that reaches the redirect from elsewhere (hand-made, or from an older page):
 * each tracking parameter of spec §9 it lacks is added, the visit's value where the redirect
 * was given one (`utm`, `sessionId`), else ipick's default. What the link carries stays.
 */
export function addMissingOutboundParameters(
  url: URL,
  visit: { utm?: UtmValues | null; sessionId?: string | null },
): void {
  // The query's names are read from its text, and what is missing is appended as text in one
  // change of the address: `url.searchParams` would parse the query into objects and each
  // change through it would serialise the whole URL again, and the redirect does this for
  // every click (bench/redirect.ts).
  const present = queryParameterNames(url.search);
  let added = '';
  for (const [name, value] of [
    ['utm_source', visit.utm?.source || OUTBOUND_DEFAULTS.utm_source],
    ['utm_medium', visit.utm?.medium || OUTBOUND_DEFAULTS.utm_medium],
    ['utm_campaign', visit.utm?.campaign || OUTBOUND_DEFAULTS.utm_campaign],
    ['utm_term', visit.utm?.term],
    ['utm_content', visit.utm?.content],
    ['ref', OUTBOUND_DEFAULTS.ref],
    ['session_id', visit.sessionId],
  ] as const) {
    if (value && !present.has(name)) added += `&${name}=${encodeURIComponent(value)}`;
  }
  if (added !== '') url.search = url.search === '' ? added.slice(1) : `${url.search}${added}`;
}

/**
 * The decoded names of a query (`?a=1&b&c%5F=2` has a, b and c_), as URLSearchParams reads
 * them; a name with a malformed escape is taken as written.
 */
function queryParameterNames(search: string): Set<string> {
  const names = new Set<string>();
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return names;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    names.add(/[%+]/.test(name) ? decodeFormComponent(name) : name);
  }
  return names;
}

/** application/x-www-form-urlencoded decoding: `+` is a space; a bad escape stays as written. */
function decodeFormComponent(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
