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

/** Where the detector sends a link it refused. */
export function rejectedUrlPath(result: { tooLong?: true }): string {
  return result.tooLong ? TOO_LONG_URL_PATH : INVALID_URL_PATH;
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
