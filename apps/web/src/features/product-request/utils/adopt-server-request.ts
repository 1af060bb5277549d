import { takePageData } from '@/lib/page-data';
import { saveProductRequest } from '@/lib/product-request-store';

/**
 * A product link in the address (`/https://shop.example/p/1`) the server opened a request for,
 * comparing it while it made the page: it sends the results page of that request with the
 * comparison inside (apps/server/src/modules/compare/results-page.ts).
 */
export interface ServerProductRequest {
  requestId: string;
  url: string;
  /** The results page's address, `/new-search/:requestId/:slug`. */
  path: string;
}

/** Its page data key. */
export const SERVER_PRODUCT_REQUEST_KEY = 'product-request';

/**
 * Takes over the request the server opened, as if this tab had opened it from the link: stores
 * the link under its id and shows the results page's address (what the direct-URL detector would
 * have done). Runs before the router starts, so that it starts on the page the server rendered.
 * 'refused' when the tab cannot take it: the link had a #fragment the server never saw, or the
 * browser refuses storage; the page then runs as without it.
 */
export function adoptServerProductRequest(): 'none' | 'adopted' | 'refused' {
  const request = takePageData<ServerProductRequest>(SERVER_PRODUCT_REQUEST_KEY);
  if (!request) return 'none';
  if (window.location.hash !== '') return 'refused';
  if (!saveProductRequest(request.requestId, request.url)) return 'refused';
  window.history.replaceState(window.history.state, '', request.path);
  return 'adopted';
}
