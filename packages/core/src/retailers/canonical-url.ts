/**
 * Canonical links for shops ipick has no rules for: the same page, minus everything that only
 * tracks the visit, so that two shoppers' links to one product compare equal.
 */

/** Tracking parameters, matched case-insensitively. Anything not listed here is kept. */
const trackingParameters = new Set([
  // Ad click ids.
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'gad_source',
  'gad_campaignid',
  'fbclid',
  'msclkid',
  'yclid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'igshid',
  's_kwcid',
  'ef_id',
  'epik',
  // Analytics and e-mail campaigns.
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  '__hstc',
  '__hssc',
  '__hsfp',
  'mc_cid',
  'mc_eid',
  'oly_enc_id',
  'oly_anon_id',
  'vero_id',
  'vero_conv',
  '__s',
  'srsltid',
  'spm',
  'cm_re',
  'cm_sp',
  'cm_mmc',
  'intcmp',
  'icid',
  'smcid',
  'sb_share_source',
  '_branch_match_id',
  // Referral and affiliate networks.
  'ref',
  'ref_',
  'ref_src',
  'referrer',
  'tag',
  'affiliate',
  'affiliate_id',
  'affiliateid',
  'aff',
  'aff_id',
  'affid',
  'clickid',
  'click_id',
  'irclickid',
  'irgwc',
  'ranmid',
  'raneaid',
  'ransiteid',
  'cjevent',
  'cjdata',
  'awc',
  'sscid',
  'zanpid',
  'rb_clickid',
  'wickedid',
  'ascsubtag',
  'linkcode',
  'linkid',
  'creative',
  'creativeasin',
  'camp',
  // Marketplace search context (Amazon, eBay) that does not change the item shown.
  'psc',
  'th',
  'qid',
  'sr',
  'sprefix',
  'crid',
  'dib',
  'dib_tag',
  '_encoding',
  'mkevt',
  'mkcid',
  'mkrid',
  'campid',
  'customid',
  'toolid',
  '_trkparms',
  '_trksid',
  'itmmeta',
  'amdata',
  // ipick's own outbound-link parameters (spec §9), so that canonicalising our link is a no-op.
  'session_id',
  'business_domain',
  'product_name',
]);

const trackingPrefixes = ['utm_', 'hsa_', 'pd_rd_', 'pf_rd_', 'mtm_', 'pk_', 'aff_sub'];

/** Whether a query parameter only tracks the visit (utm_*, gclid, affiliate ids, ...). */
export function isTrackingParameter(name: string): boolean {
  const key = name.toLowerCase();
  return trackingParameters.has(key) || trackingPrefixes.some((prefix) => key.startsWith(prefix));
}

/**
 * `url` with tracking parameters dropped, the rest sorted by name (values of a repeated name keep
 * their order), no fragment, no user name or password, the host lowercased without a trailing
 * dot, and the scheme, port and path as given. Parameter text is kept as written, not re-encoded,
 * so that the shop receives exactly what it linked to.
 */
export function canonicalizeGenericUrl(url: URL): string {
  const pairs = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => ({ pair, name: decodeParameterName(pair) }))
    .filter(({ name }) => !isTrackingParameter(name));
  pairs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const search = pairs.length === 0 ? '' : `?${pairs.map(({ pair }) => pair).join('&')}`;
  const hostname = url.hostname.replace(/\.$/, '');
  const port = url.port === '' ? '' : `:${url.port}`;
  // Java servlet session ids ride in the path (`;jsessionid=...`) and are per visitor.
  const pathname = url.pathname.replace(/;jsessionid=[^/;]*/gi, '');
  return `${url.protocol}//${hostname}${port}${pathname}${search}`;
}

function decodeParameterName(pair: string): string {
  const raw = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
