import { lazy, Suspense, type ComponentProps } from 'react';
import type { ComparisonError } from './comparison-error';

// A failed comparison is rare: its message, retry and links load when one happens, not with
// the results pages.
const ComparisonErrorChunk = lazy(() =>
  import('./comparison-error').then((module) => ({ default: module.ComparisonError })),
);

/** ComparisonError, loaded when a comparison fails. */
export function LazyComparisonError(props: ComponentProps<typeof ComparisonError>) {
  return (
    <Suspense fallback={null}>
      <ComparisonErrorChunk {...props} />
    </Suspense>
  );
}
