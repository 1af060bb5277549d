import { checkProductUrl, createRequestId, makeProductSlug, withAssumedScheme } from '@ipick/core';
import { saveProductRequest } from '@/lib/product-request-store';

export type StartProductRequestResult =
  | { ok: true; requestId: string; url: URL; path: string }
  | { ok: false; reason: string; tooLong?: true };

/** Query value the landing page reads to explain a rejected direct link (spec §2, §8). */
export const INVALID_URL_ERROR = 'invalid-url';
export const INVALID_URL_PATH = `/?error=${INVALID_URL_ERROR}`;
/**
 * A link refused only for its length keeps the spec's `error=invalid-url` and adds why, so the
 * landing page does not call a real (if very long) product link "not a valid address".
 */
export const TOO_LONG_REASON = 'too-long';
export const TOO_LONG_URL_PATH = `${INVALID_URL_PATH}&reason=${TOO_LONG_REASON}`;

/** The query value that carries a refused direct link back into the paste box, to correct it. */
export const REJECTED_URL_PARAM = 'url';

/**
 * Where the detector sends a link it refused, with the link itself (`&url=`) so the paste box
 * shows it for correcting; a too-long link is not carried (it would make the address too long).
 */
export function rejectedUrlPath(result: { tooLong?: true }, link?: string): string {
  if (result.tooLong) return TOO_LONG_URL_PATH;
  return link
    ? `${INVALID_URL_PATH}&${REJECTED_URL_PARAM}=${encodeURIComponent(link)}`
    : INVALID_URL_PATH;
}

/**
 * Whether the shopper typed a product's name rather than a link: words with spaces that do not
 * start like an address, or one word with no dot or slash in it ("airpods").
 */
export function isProductName(input: string): boolean {
  const text = input.trim();
  if (text === '' || /^[a-z][a-z0-9+.-]*:/i.test(text)) return false;
  if (/\s/.test(text)) return !/^[^\s/]+\.[a-z]{2,}\//i.test(text);
  return !/[./]/.test(text);
}

/** The catalog search for a product's name (the Browse page's results). */
export function productSearchPath(name: string): string {
  return `/browse?${new URLSearchParams({ q: name.trim() }).toString()}`;
}

/** The results page of a product request. */
export function newSearchPath(requestId: string, slug: string): string {
  return `/new-search/${encodeURIComponent(requestId)}/${encodeURIComponent(slug)}`;
}

/**
 * Validates a product link and, when it is valid, opens a request for it (spec §2): a fresh
 * request id, the slug, and `{ url, timestamp }` in session storage. Returns where to go next.
 * A link pasted without a scheme but starting with a domain (`www.apple.com/shop/...`) is read
 * as https, as a browser's address bar would.
 */
export function startProductRequest(input: string): StartProductRequestResult {
  const checked = checkProductUrl(withAssumedScheme(input));
  if (!checked.ok) return checked;
  const requestId = createRequestId();
  // A refused write is not fatal: the results page shows its empty state and a way back.
  saveProductRequest(requestId, checked.url);
  return {
    ok: true,
    requestId,
    url: checked.url,
    path: newSearchPath(requestId, makeProductSlug(checked.url)),
  };
}
