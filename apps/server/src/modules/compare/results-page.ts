import {
  checkProductUrl,
  createRequestId,
  makeProductSlug,
  productUrlFromLocation,
  withAssumedScheme,
} from '@ipick/core';
import type { CompareResponse } from '@ipick/contracts';
import type { FastifyRequest } from 'fastify';
import type { GuessCounters } from '../../platform/http/guess-counters.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { optionalShopper } from '../auth/shopper-session.ts';
import type { ShopperService } from '../shopper/shopper-service.ts';
import type { CompareService } from './compare-service.ts';

/**
 * How long a page waits for its comparison. Past it the page goes out as the shell and the
 * browser asks for the comparison itself (as it does without this), so a slow shop page costs
 * the shopper at most this much before anything paints.
 */
export const RESULTS_PAGE_COMPARISON_BOUND_MS = 1500;

/** The results page of a product link in the address, compared while the page is made. */
export interface ResultsPageContent {
  /** The results page's address, `/new-search/:requestId/:slug`, as the web app builds it. */
  renderPath: string;
  /** Keyed as the web app reads them (adopt-server-request.ts, compare-product.ts). */
  data: Record<string, unknown>;
}

/**
 * Comparisons one address may start by opening product links, per minute: as many as
 * `POST /api/compare` allows it (routes.ts). Past that the page goes out as the shell, and the
 * browser's own call meets that route's limit.
 */
export const RESULTS_PAGE_COMPARISONS_PER_MINUTE = 30;

interface ResultsPageOptions {
  compare: CompareService;
  auth: AuthService;
  shopper: ShopperService;
  /** The rate limits' shared counters; without them (limits off) the page is not limited. */
  counters?: GuessCounters;
  boundMs?: number;
}

/**
 * For an address holding a product link (`/https://shop.example/p/1`, spec §2's direct link),
 * does what the page would do once its script ran: opens a request for the link (a fresh id)
 * and compares it, as `POST /api/compare` does (a signed-in shopper's history included), so
 * that the results page goes out with its offers in it. Undefined when the address holds no
 * valid link, or the comparison failed or took longer than the bound: the page then runs as
 * before, in the browser.
 */
export function resultsPageContent({
  compare,
  auth,
  shopper,
  counters,
  boundMs = RESULTS_PAGE_COMPARISON_BOUND_MS,
}: ResultsPageOptions) {
  // Counted in the limits' store, so that every process behind one address shares the count.
  const mayStart = async (address: string): Promise<boolean> => {
    if (!counters) return true;
    const { count } = await counters.add(`results-page|${address}`, 60_000);
    return count <= RESULTS_PAGE_COMPARISONS_PER_MINUTE;
  };
  return async (request: FastifyRequest, path: string): Promise<ResultsPageContent | undefined> => {
    const search = request.url.slice(path.length);
    // The browser keeps a #fragment to itself; the page declines the request when it had one.
    const candidate = productUrlFromLocation(path, search, '');
    if (candidate === null) return undefined;
    const checked = checkProductUrl(withAssumedScheme(candidate));
    if (!checked.ok || !(await mayStart(request.ip))) return undefined;
    const url = checked.url.href;
    const requestId = createRequestId();
    const result = await withinBound(compare.compare(url, requestId), boundMs, (error) =>
      request.log.warn({ err: error }, 'comparison for a results page failed'),
    );
    if (!result) return undefined;
    try {
      const current = await optionalShopper(request, auth);
      if (current) await shopper.recordComparison(current.user.id, url, result);
    } catch (error) {
      // As POST /api/compare: the comparison is what the shopper asked for.
      request.log.error({ err: error }, 'could not record the comparison in search history');
    }
    const resultsPath = `/new-search/${encodeURIComponent(requestId)}/${encodeURIComponent(makeProductSlug(checked.url))}`;
    return {
      renderPath: resultsPath,
      data: {
        'product-request': { requestId, url, path: resultsPath },
        [`compare/${requestId}`]: result,
      },
    };
  };
}

/**
 * The comparison's answer, or undefined if it failed or is not there within `boundMs`. One that
 * is late goes on and is saved under its id (nobody reads it); its failure is only logged.
 */
async function withinBound(
  comparison: Promise<CompareResponse>,
  boundMs: number,
  onError: (error: unknown) => void,
): Promise<CompareResponse | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), boundMs);
  });
  const answer = comparison.catch((error: unknown) => {
    onError(error);
    return undefined;
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
