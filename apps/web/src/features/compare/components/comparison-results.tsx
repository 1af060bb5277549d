import type { ReactNode } from 'react';
import { useComparisonResult } from '../hooks/use-comparison-result';
import { ComparisonError } from './comparison-error';
import { ComparisonSkeleton } from './comparison-skeleton';
import { ComparisonView } from './comparison-view';
import type { RenderFavorite } from './favorite-slot';

interface ComparisonResultsProps {
  requestId: string;
  /** Shown when neither this tab nor the server knows the request. */
  missing: ReactNode;
  renderFavorite?: RenderFavorite;
}

/** The results of `/new-search/:requestId/:slug`: runs the comparison, or reloads a saved one. */
export function ComparisonResults({ requestId, missing, renderFavorite }: ComparisonResultsProps) {
  const state = useComparisonResult(requestId);
  switch (state.status) {
    case 'missing':
      return missing;
    case 'pending':
      return <ComparisonSkeleton pastedUrl={state.pastedUrl} />;
    case 'error':
      return (
        <ComparisonError
          error={state.error}
          pastedUrl={state.pastedUrl}
          retry={state.retry}
          isRetrying={state.isRetrying}
        />
      );
    case 'success':
      return <ComparisonView result={state.result} renderFavorite={renderFavorite} />;
  }
}
