import type { HistoryEntry, HistoryResponse } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { useQueryClient } from '@tanstack/react-query';
import { History, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { ImageFrame } from '@/components/ui/image-frame';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { historyQueryOptions, useHistory, useRemoveHistoryEntry } from '../api/history';
import { ClearHistoryDialog } from './clear-history-dialog';

/** "3 other retailers · 5 alternatives". */
export function matchCounts(entry: HistoryEntry): string {
  const same = entry.sameProductCount;
  const alternatives = entry.alternativesCount;
  const sameText =
    same === 0 ? 'No other retailers' : `${same} other retailer${same === 1 ? '' : 's'}`;
  const alternativesText =
    alternatives === 0
      ? 'no alternatives'
      : `${alternatives} alternative${alternatives === 1 ? '' : 's'}`;
  return `${sameText} · ${alternativesText}`;
}

function newestFirst(items: readonly HistoryEntry[]): HistoryEntry[] {
  return [...items].sort((a, b) => Date.parse(b.comparedAt) - Date.parse(a.comparedAt));
}

const rowClass = 'flex items-center gap-3 rounded-lg border border-border bg-card p-3 sm:gap-4';

/** The signed-in shopper's comparisons, newest first, each to reopen or remove. */
export function HistoryList({ enabled }: { enabled: boolean }) {
  const query = useHistory(enabled);
  const remove = useRemoveHistoryEntry();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (query.isPending) return <HistorySkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        title="We could not load your history"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const items = newestFirst(query.data.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<History />}
        title="No searches yet"
        description="Products you compare while signed in are listed here."
        actions={
          <Link to="/" className={buttonVariants()}>
            Compare prices
          </Link>
        }
      />
    );
  }

  function handleRemove(entry: HistoryEntry) {
    remove.mutate(entry.requestId, {
      onSuccess: () => {
        // The row goes at once; the list is fetched again behind it.
        queryClient.setQueryData<HistoryResponse>(historyQueryOptions().queryKey, (old) =>
          old ? { items: old.items.filter((item) => item.requestId !== entry.requestId) } : old,
        );
        // The focused button has gone with its row; the list's heading takes the focus.
        headingRef.current?.focus();
        toast.success('Removed from your history', { description: entry.title });
      },
      onError: (error) => {
        toast.error(toErrorMessage(error, 'We could not remove it. Please try again.'));
      },
    });
  }

  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="history-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold outline-none"
        >
          {items.length} comparison{items.length === 1 ? '' : 's'}
        </h2>
        <ClearHistoryDialog count={items.length} />
      </div>
      <ul aria-label="Your comparisons" className="flex flex-col gap-3">
        {items.map((entry) => {
          const isRemoving = remove.isPending && remove.variables === entry.requestId;
          return (
            <li key={entry.requestId} className={rowClass}>
              <ImageFrame
                src={entry.image}
                alt=""
                category={entry.category}
                className="size-16 shrink-0 sm:size-20"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <Link
                  to={entry.path}
                  className="line-clamp-2 font-medium underline-offset-4 hover:underline"
                >
                  {entry.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {entry.retailerName}
                  {entry.priceMinor !== null && entry.currency
                    ? ` · ${formatMoney(entry.priceMinor, entry.currency)}`
                    : ''}
                </p>
                <p className="text-sm text-muted-foreground">
                  <RelativeTime
                    value={entry.comparedAt}
                    prefix={
                      (entry.compareCount ?? 1) > 1
                        ? `Compared ${entry.compareCount} times, last`
                        : 'Compared'
                    }
                  />{' '}
                  · {matchCounts(entry)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${entry.title} from history`}
                onClick={() => handleRemove(entry)}
                disabled={isRemoving}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden sm:inline">{isRemoving ? 'Removing…' : 'Remove'}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading your history…</span>
      <div className="flex items-center justify-between" aria-hidden="true">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-10 w-32" />
      </div>
      <div className="flex flex-col gap-3" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={rowClass}>
            <Skeleton className="size-16 shrink-0 sm:size-20" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
