// The server's renderer: scripts/build-page-renderer.ts bundles this module for Node, and the
// server (apps/server/src/platform/http/page-renderer.ts) renders a page with it per request.
// It is never part of the client bundle.
import type { CatalogCategoriesResponse, CompareResponse } from '@ipick/contracts';
import { prerender } from 'react-dom/static';
import { staticAppAt } from './app/static-app';
import { categoriesQueryOptions } from './features/browse/api/catalog';
import { comparisonPageDataKey } from './features/compare/api/compare-product';
import { comparisonQueryOptions } from './features/compare/api/get-comparison';
import {
  SERVER_PRODUCT_REQUEST_KEY,
  type ServerProductRequest,
} from './features/product-request/utils/adopt-server-request';
import { createQueryClient } from './lib/query-client';

/**
 * The page at `path` (with its query) as HTML for inside #root, with the data the server sends
 * in the page (apps/web/src/lib/page-data.ts) already in its queries: the browser's first render
 * reads the same data from the page, so React hydrates this markup without a mismatch.
 * `prerender` waits for the page's lazily loaded code (loaded once, then kept by React).
 */
export async function renderPage(path: string, data: Record<string, unknown>): Promise<string> {
  const { prelude } = await prerender(await staticAppAt(path, queryClientWith(data)), {
    // Every boundary inline: React would otherwise move a large one (a page of offers) to the
    // end of the page with an inline script to put it back, which the CSP does not allow.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/** A query cache of its own per page (requests render at the same time), holding `data`. */
function queryClientWith(data: Record<string, unknown>) {
  const queryClient = createQueryClient();
  const categories = data['catalog/categories'] as CatalogCategoriesResponse | undefined;
  if (categories) queryClient.setQueryData(categoriesQueryOptions().queryKey, categories);
  const request = data[SERVER_PRODUCT_REQUEST_KEY] as ServerProductRequest | undefined;
  const comparison =
    request && (data[comparisonPageDataKey(request.requestId)] as CompareResponse | undefined);
  // Outside the browser the page has no stored link for the request, so it reads the saved
  // comparison of that id; in the browser it runs it for the link, and gets the same answer.
  if (request && comparison)
    queryClient.setQueryData(comparisonQueryOptions(request.requestId).queryKey, comparison);
  return queryClient;
}
