import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { RESULTS_GRID_CLASS } from './comparison-view';

/**
 * The results' layout in grey while the comparison runs: the product card, the filters column,
 * the count row and offer cards take the places (and about the sizes) the results will take.
 */
export function ComparisonSkeleton({ pastedUrl }: { pastedUrl: string | null }) {
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex gap-4 p-4 sm:gap-6 sm:p-6">
        <Skeleton className="aspect-square w-24 shrink-0 self-start sm:w-32" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {pastedUrl ? (
            <p className="truncate font-mono text-sm text-muted-foreground">{pastedUrl}</p>
          ) : (
            <Skeleton className="h-5 w-40" />
          )}
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-2 h-7 w-28" />
        </div>
      </Card>
      <div className={RESULTS_GRID_CLASS}>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-10 w-36 lg:hidden" />
          <div className="hidden flex-col gap-4 rounded-lg border border-border p-4 lg:flex">
            <Skeleton className="h-5 w-16" />
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-4 w-full" />
            ))}
            <Skeleton className="h-8 w-24" />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
            <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
              Comparing prices…
            </p>
            <Skeleton className="h-10 w-60" />
          </div>
          <div className="flex flex-col gap-3">
            <Skeleton className="h-7 w-56" />
            {[0, 1, 2].map((card) => (
              <div
                key={card}
                aria-hidden="true"
                className="flex flex-col gap-2 rounded-lg border border-border p-4"
              >
                <div className="flex justify-between gap-3">
                  <Skeleton className="h-5 w-24" />
                  <Skeleton className="h-6 w-20" />
                </div>
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-5 w-40" />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
