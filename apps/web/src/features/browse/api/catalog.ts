import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrowseQuery, CatalogCategoriesResponse } from '@ipick/contracts';
import { apiFetch, lazySchema } from '@/lib/api-client';
import { takePageData } from '@/lib/page-data';

// The landing and Browse pages show these answers: their schemas (and the validation library)
// load with the calls, so the pages render before they are downloaded.
const catalogCategoriesResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.catalogCategoriesResponseSchema),
);
const browseResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.browseResponseSchema),
);
const compareExamplesResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.compareExamplesResponseSchema),
);

/** `GET /api/catalog/categories`. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'categories'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/catalog/categories', { signal, schema: catalogCategoriesResponseSchema }),
    staleTime: 5 * 60_000,
    // Browse's HTML carries the answer (the server's page data): no call on the first visit.
    initialData: () => takePageData<CatalogCategoriesResponse>('catalog/categories'),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

function toSearchParams(query: BrowseQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** `GET /api/catalog/products`: one page of products, with search and price range. */
export function browseQueryOptions(query: BrowseQuery) {
  const search = toSearchParams(query);
  return queryOptions({
    queryKey: ['catalog', 'products', search] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/catalog/products?${search}`, { signal, schema: browseResponseSchema }),
    staleTime: 60_000,
    // The previous page stays on screen while the next loads: no jump, no flash of skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useBrowseProducts(query: BrowseQuery) {
  return useQuery(browseQueryOptions(query));
}

/** `GET /api/compare/examples`: catalog links the landing pages offer to try. */
export function compareExamplesQueryOptions() {
  return queryOptions({
    queryKey: ['compare', 'examples'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/compare/examples', { signal, schema: compareExamplesResponseSchema }),
    staleTime: 5 * 60_000,
  });
}

export function useCompareExamples() {
  return useQuery(compareExamplesQueryOptions());
}
