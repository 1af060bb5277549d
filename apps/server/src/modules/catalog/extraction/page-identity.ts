/**
 * The page's own addresses, to tell which of several products or variants a page is about: a
 * Walmart ProductGroup lists every variant, and the URL's item id says which one is shown. The
 * URL the page was fetched from names the variant more precisely than its canonical link, which
 * often drops the variant's query.
 */
export interface PageIdentity {
  fetched: AddressKeys | null;
  canonical: AddressKeys | null;
}

interface AddressKeys {
  /** Lower-cased host without 'www.' + path without trailing slash; no query or fragment. */
  pathKey: string;
  /** pathKey + query. */
  fullKey: string;
  /** Path and query, lower-cased and percent-decoded, for finding ids in it. */
  addressText: string;
}

export function createPageIdentity(
  pageUrl: string | null,
  canonicalUrl: string | null,
): PageIdentity {
  return { fetched: comparableKeys(pageUrl), canonical: comparableKeys(canonicalUrl) };
}

function comparableKeys(value: string | null): AddressKeys | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const path = url.pathname.replace(/\/+$/, '');
    const pathKey = `${host}${path}`;
    let addressText = `${url.pathname}${url.search}`.toLowerCase();
    try {
      addressText = decodeURIComponent(addressText);
    } catch {
      // Keep the encoded form.
    }
    return { pathKey, fullKey: `${pathKey}${url.search}`, addressText };
  } catch {
    return null;
  }
}

/**
 * How well a product's URLs and identifiers point at this page, higher is better: the fetched
 * URL counts double the canonical one. Per address: 3 for the same URL with its query, 2 for the
 * SKU or product id standing alone in it, 1 for the same path; 0 when nothing matches.
 */
export function pageMatchScore(
  page: PageIdentity,
  urls: readonly string[],
  identifiers: readonly string[],
): number {
  const keys = urls.map(comparableKeys).filter((key): key is AddressKeys => key !== null);
  return Math.max(
    2 * addressScore(page.fetched, keys, identifiers),
    addressScore(page.canonical, keys, identifiers),
  );
}

/** The highest score: the fetched URL itself, query included. */
export const exactPageMatch = 6;

function addressScore(
  address: AddressKeys | null,
  keys: readonly AddressKeys[],
  identifiers: readonly string[],
): number {
  if (address === null) return 0;
  if (keys.some((key) => key.fullKey === address.fullKey)) return 3;
  if (
    identifiers.some((identifier) => isStandaloneIn(address.addressText, identifier.toLowerCase()))
  ) {
    return 2;
  }
  return keys.some((key) => key.pathKey === address.pathKey) ? 1 : 0;
}

const alphanumeric = /[\p{L}\p{N}]/u;

/** Whether `needle` appears in `haystack` with no letter or digit right before or after it. */
function isStandaloneIn(haystack: string, needle: string): boolean {
  // Short or digit-free ids ('1', 'blue') would match by chance.
  if (needle.length < 4 || needle.length > 100 || !/\d/.test(needle)) return false;
  let from = 0;
  for (;;) {
    const index = haystack.indexOf(needle, from);
    if (index < 0) return false;
    const before = haystack[index - 1] ?? ' ';
    const after = haystack[index + needle.length] ?? ' ';
    if (!alphanumeric.test(before) && !alphanumeric.test(after)) return true;
    from = index + 1;
  }
}
