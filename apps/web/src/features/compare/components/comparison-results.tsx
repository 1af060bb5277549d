import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useComparisonResult } from '../hooks/use-comparison-result';
import { comparisonTitle } from '../utils/comparison-title';
import { LazyComparisonError } from './lazy-comparison-error';
import { ComparisonSkeleton } from './comparison-skeleton';
import { ComparisonView } from './comparison-view';
import type { RenderFavorite } from './favorite-slot';
import type { RenderOfferExtras } from './offer-card';

interface ComparisonResultsProps {
  requestId: string;
  /** Shown when neither this tab nor the server knows the request. */
  missing: ReactNode;
  renderFavorite?: RenderFavorite;
  renderOfferExtras?: RenderOfferExtras;
}

/**
 * The results of `/new-search/:requestId/:slug`: runs the comparison, or reloads a saved one.
 * The tab names the product once it is known ("TCL QM655R 85″ QLED TV · ipick").
 */
export function ComparisonResults({
  requestId,
  missing,
  renderFavorite,
  renderOfferExtras,
}: ComparisonResultsProps) {
  const state = useComparisonResult(requestId);
  useDocumentTitle(comparisonTitle(state));
  switch (state.status) {
    case 'missing':
      return missing;
    case 'pending':
      return <ComparisonSkeleton pastedUrl={state.pastedUrl} />;
    case 'error':
      return (
        <LazyComparisonError
          error={state.error}
          pastedUrl={state.pastedUrl}
          retry={state.retry}
          isRetrying={state.isRetrying}
        />
      );
    case 'success':
      return (
        <ComparisonView
          result={state.result}
          renderFavorite={renderFavorite}
          renderOfferExtras={renderOfferExtras}
        />
      );
  }
}
