import { PageContainer } from '@/components/page-container';
import { Skeleton } from '@/components/ui/skeleton';

export type PageSkeletonVariant = 'landing' | 'default';

/**
 * Shown while a page's code loads. Its blocks match the real pages' heading, sentence and first
 * card, so the page replacing it barely moves.
 */
export function PageSkeleton({ variant = 'default' }: { variant?: PageSkeletonVariant }) {
  return (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading…</span>
      {variant === 'landing' ? <LandingBlocks /> : <DefaultBlocks />}
    </div>
  );
}

function LandingBlocks() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 py-12 sm:px-6 sm:py-20">
      <Skeleton className="h-10 w-4/5 sm:h-12" />
      <Skeleton className="h-5 w-3/5" />
      <Skeleton className="mt-6 h-12 w-full max-w-2xl" />
    </div>
  );
}

function DefaultBlocks() {
  return (
    <PageContainer>
      <Skeleton className="h-8 w-56 sm:h-9" />
      <Skeleton className="mt-3 h-5 w-full max-w-xl" />
      <Skeleton className="mt-8 h-40 w-full" />
    </PageContainer>
  );
}
