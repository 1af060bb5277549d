import { merchantProductsResponseSchema } from '@ipick/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export interface MerchantProductsParams {
  query: string;
  page: number;
}

/** Every page and search of the product list: a finished import makes them all stale. */
export const merchantProductsKey = ['business', 'products'] as const;

/** `GET /api/business/products`: the shop's products with how ipick shoppers met them. */
export function merchantProductsQueryOptions({ query, page }: MerchantProductsParams) {
  const search = new URLSearchParams({ page: String(page) });
  if (query) search.set('query', query);
  return queryOptions({
    queryKey: [...merchantProductsKey, { query, page }] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/business/products?${search.toString()}`, {
        signal,
        schema: merchantProductsResponseSchema,
      }),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useMerchantProducts(params: MerchantProductsParams) {
  return useQuery(merchantProductsQueryOptions(params));
}
