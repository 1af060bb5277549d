import type { ComparisonResultState } from '../hooks/use-comparison-result';
import { shortProductName } from './offer-text';

// Apart from the results' components, so that the older results page (search-results.tsx) can
// name its tab without downloading the newer page's whole view.
/** The tab title for where a comparison stands: the product's name once it is known. */
export function comparisonTitle(state: ComparisonResultState): string {
  switch (state.status) {
    case 'missing':
      return 'Search not found';
    case 'pending':
      return 'Comparing prices';
    case 'error':
      return 'Comparison failed';
    case 'success':
      return shortProductName(state.result.product.title);
  }
}
