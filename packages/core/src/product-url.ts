/**
 * Product links that shoppers paste or open directly (spec §2 "Direct-URL behaviour", §5).
 */

/** Longest product link we accept; longer ones are not real product pages. */
export const MAX_PRODUCT_URL_LENGTH = 2048;

export type ProductUrlCheck =
  | { ok: true; url: URL }
  // `tooLong` lets a page say what is wrong instead of calling a real but long link invalid.
  | { ok: false; reason: string; tooLong?: true };

/**
 * Checks that `input` is an absolute http(s) address of a real host. The reason names what
 * is wrong so that the landing page can say it.
 */
export function checkProductUrl(input: string): ProductUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'The link is empty.' };
  if (text.length > MAX_PRODUCT_URL_LENGTH) {
    return {
      ok: false,
      reason: `The link is longer than ${MAX_PRODUCT_URL_LENGTH} characters.`,
      tooLong: true,
    };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'The link is not a valid web address.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'The link must start with http:// or https://.' };
  }
  if (!isPlausibleHost(url.hostname)) {
    return { ok: false, reason: 'The link does not name a real website.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'The link must not contain a user name or password.' };
  }
  return { ok: true, url };
}

const ipv4Pattern = /^\d{1,3}(\.\d{1,3}){3}$/;
const topLevelLabelPattern = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const labelPattern = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A host a shop could live on: a domain with a proper top-level label, an IP or localhost. */
function isPlausibleHost(hostname: string): boolean {
  // WHATWG URL already lowercases, punycodes and validates; it also turns `0x7f.1` into an IPv4.
  if (hostname === 'localhost' || ipv4Pattern.test(hostname) || hostname.startsWith('[')) {
    return true;
  }
  const labels = hostname.replace(/\.$/, '').split('.');
  if (labels.length < 2) return false;
  const topLevel = labels[labels.length - 1]!;
  return topLevelLabelPattern.test(topLevel) && labels.every((label) => labelPattern.test(label));
}

const embeddedUrlPattern = /^\/+(https?):\/*(.*)$/is;
const leadingSegmentPattern = /^([^/?#]+)(.*)$/s;
const hostAndPortPattern = /^([^:]+)(:\d{1,5})?$/;
/**
 * Endings of files a site serves at its root (favicon.ico, robots.txt, sw.js, index.html...).
 * None is a top-level domain a shop lives on, so `/favicon.ico` is never read as a shop's address.
 */
const fileEndingPattern =
  /\.(ico|png|jpe?g|gif|svg|webp|avif|bmp|txt|xml|json|webmanifest|js|mjs|cjs|css|map|html?|php|aspx?|jsp|cgi|woff2?|ttf|otf|eot|pdf|wasm|gz|br)$/i;

/**
 * Whether `segment` (the text before the first `/`, `?` or `#`) is a bare domain name such as
 * `www.apple.com` or `amazon.com:443`: a dot, proper labels and a letters-only top-level label.
 * IP addresses and `localhost` are left out on purpose: a bare `/10.0.0.1` or `localhost` is far
 * more likely a typo or a local page than a shop.
 */
export function isBareShopHost(segment: string): boolean {
  const match = hostAndPortPattern.exec(segment);
  if (!match) return false;
  const host = match[1]!.toLowerCase();
  if (!host.includes('.') || ipv4Pattern.test(host) || fileEndingPattern.test(host)) return false;
  return isPlausibleHost(host);
}

/**
 * A pasted link without a scheme (`www.apple.com/shop/...`) gets `https://` in front when it
 * starts with a domain name, as a browser's address bar would do. Anything else is returned
 * trimmed and unchanged, so that the usual checks still explain what is wrong with it.
 */
export function withAssumedScheme(input: string): string {
  const text = input.trim();
  if (/^https?:/i.test(text)) return text;
  const match = leadingSegmentPattern.exec(text);
  return match && isBareShopHost(match[1]!) ? `https://${text}` : text;
}

/**
 * When the page path itself begins with an http(s) URL (`/https://www.amazon.com/dp/...`),
 * returns that URL with the page's query string and fragment kept; otherwise null.
 *
 * Proxies and some browsers squash `//` to `/`, and some links arrive percent-encoded
 * (`/https%3A%2F%2F...`); both still count. A path that starts with a bare domain name
 * (`/www.apple.com/shop/...`, the spec's `/{host}` route) is read as an https link: shoppers
 * type the shop's address after ours without a scheme. The app's own pages and root files
 * (`/browse`, `/favicon.ico`) have no such first segment, so they are left alone.
 */
export function productUrlFromLocation(
  pathname: string,
  search: string,
  hash: string,
): string | null {
  const path = /^\/+https?%3a/i.test(pathname) ? safeDecode(pathname) : pathname;
  const match = embeddedUrlPattern.exec(path);
  if (match) {
    const [, scheme, rest] = match;
    return `${scheme!.toLowerCase()}://${rest}${search}${hash}`;
  }
  const bare = leadingSegmentPattern.exec(pathname.replace(/^\/+/, ''));
  if (bare && isBareShopHost(bare[1]!)) return `https://${bare[1]}${bare[2]}${search}${hash}`;
  return null;
}

/**
 * The slug of spec §2: the host without `www.` plus the last path segment, lowercased, with
 * every run of non-alphanumerics turned into one hyphen; 'unknown-product' when nothing is left.
 * Accented letters are folded to ASCII first (café -> cafe) so that the slug stays URL-safe.
 */
export function makeProductSlug(url: URL): string {
  const host = url.hostname.replace(/^www\./, '');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const lastSegment = safeDecode(segments[segments.length - 1] ?? '');
  const slug = `${host}-${lastSegment}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'unknown-product' : slug;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
