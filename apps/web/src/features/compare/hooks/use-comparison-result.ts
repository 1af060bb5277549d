import type { CompareResponse } from '@ipick/contracts';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { readProductRequest } from '@/lib/product-request-store';
import { useCompareProduct } from '../api/compare-product';
import { useComparison } from '../api/get-comparison';

// The data-layer events load with the first one, after the page has drawn: tag managers read
// them later anyway, and the results page's first load stays smaller. One promise, so that the
// events keep their order (search, then price_comparison).
const loadDataLayer = once(() => import('@/lib/data-layer'));

/** `load`'s promise, made on the first call and shared by every later one. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the results of one request id stand. `pastedUrl` is the link this tab stored, if any. */
export type ComparisonResultState =
  /** Neither this tab nor the server knows the request. */
  | { status: 'missing' }
  | { status: 'pending'; pastedUrl: string | null }
  | {
      status: 'error';
      pastedUrl: string | null;
      error: Error;
      retry: () => void;
      isRetrying: boolean;
    }
  | { status: 'success'; pastedUrl: string | null; result: CompareResponse };

/**
 * The comparison of `requestId` for both results pages: runs it for the link this tab stored
 * (spec §2), or, after the tab lost it (a new tab, a reload elsewhere), loads the one the server
 * kept. Pushes the spec §7 data-layer events: `search` as a run starts, `price_comparison` as
 * results arrive, each once per request id.
 */
export function useComparisonResult(requestId: string): ComparisonResultState {
  const record = readProductRequest(requestId);
  const pastedUrl = record?.url ?? null;
  const canLoadSaved = !record && UUID.test(requestId);
  const run = useCompareProduct(requestId, pastedUrl);
  const saved = useComparison(requestId, canLoadSaved);
  const query = record ? run : saved;

  useEffect(() => {
    if (pastedUrl === null) return;
    void loadDataLayer().then((dataLayer) => dataLayer.pushSearchEvent(requestId, pastedUrl));
  }, [requestId, pastedUrl]);

  const { data } = query;
  useEffect(() => {
    if (data) void loadDataLayer().then((dataLayer) => dataLayer.pushPriceComparisonEvent(data));
  }, [data]);

  if (!record && !canLoadSaved) return { status: 'missing' };
  if (query.isPending) return { status: 'pending', pastedUrl };
  if (query.isError) {
    if (!record && query.error instanceof ApiError && query.error.status === 404) {
      return { status: 'missing' };
    }
    return {
      status: 'error',
      pastedUrl,
      error: query.error,
      retry: () => void query.refetch(),
      isRetrying: query.isFetching,
    };
  }
  return { status: 'success', pastedUrl, result: query.data };
}
