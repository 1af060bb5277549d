import { Suspense, type ReactNode } from 'react';
import { PageSkeleton, type PageSkeletonVariant } from './page-skeleton';

/**
 * Wraps a lazily loaded page in its skeleton. A chunk that fails to load throws out of the
 * Suspense boundary into the route's errorElement, which shows the generic error screen.
 */
export function withSkeleton(page: ReactNode, variant: PageSkeletonVariant = 'default'): ReactNode {
  return <Suspense fallback={<PageSkeleton variant={variant} />}>{page}</Suspense>;
}
