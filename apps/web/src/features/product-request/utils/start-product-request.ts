import { checkProductUrl, createRequestId, makeProductSlug } from '@ipick/core';
import { saveProductRequest } from '@/lib/product-request-store';

export type StartProductRequestResult =
  { ok: true; requestId: string; url: URL; path: string } | { ok: false; reason: string };

/** Query value the landing page reads to explain a rejected direct link (spec §2, §8). */
export const INVALID_URL_ERROR = 'invalid-url';
export const INVALID_URL_PATH = `/?error=${INVALID_URL_ERROR}`;

/** The results page of a product request. */
export function newSearchPath(requestId: string, slug: string): string {
  return `/new-search/${encodeURIComponent(requestId)}/${encodeURIComponent(slug)}`;
}

/**
 * Validates a product link and, when it is valid, opens a request for it (spec §2): a fresh
 * request id, the slug, and `{ url, timestamp }` in session storage. Returns where to go next.
 */
export function startProductRequest(input: string): StartProductRequestResult {
  const checked = checkProductUrl(input);
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
