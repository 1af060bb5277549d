import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { feedImportsQueryOptions, useFeedImport } from '../api/feed-imports';
import { merchantProductsKey } from '../api/get-merchant-products';
import { FeedImportProgress } from './feed-import-progress';

interface FollowedFeedImportProps {
  importId: string;
  /** Started on this page: its end is announced even if it was never seen running. */
  isJustStarted: boolean;
  /** Called once when an import seen running (or just started) ends, well or not. */
  onFinished?: () => void;
}

/**
 * One import, polled while it runs. When one seen running (or just started here) finishes, the
 * product list and the import list refresh and a toast says how it went.
 */
export function FollowedFeedImport({
  importId,
  isJustStarted,
  onFinished,
}: FollowedFeedImportProps) {
  const feedImport = useFeedImport(importId);
  const queryClient = useQueryClient();
  const isWatching = useRef(isJustStarted);
  const status = feedImport.data?.status;

  useEffect(() => {
    if (status === 'running') {
      isWatching.current = true;
      return;
    }
    if (!isWatching.current || !status) return;
    isWatching.current = false;
    void queryClient.invalidateQueries({ queryKey: merchantProductsKey });
    void queryClient.invalidateQueries({
      queryKey: feedImportsQueryOptions().queryKey,
      exact: true,
    });
    onFinished?.();
    if (status === 'completed') toast.success('Your feed is imported');
    else toast.error('The import failed', { description: 'Its report says why.' });
  }, [status, queryClient, onFinished]);

  if (feedImport.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading the import…</span>
        <Skeleton className="h-24 w-full" aria-hidden="true" />
      </div>
    );
  }
  if (feedImport.isError) {
    return (
      <ErrorState
        title="We could not load this import"
        message={toErrorMessage(feedImport.error, 'Something went wrong. Please try again.')}
        onRetry={() => void feedImport.refetch()}
        isRetrying={feedImport.isFetching}
      />
    );
  }
  return (
    <section aria-label="Import report" className="rounded-lg border border-border p-4">
      <FeedImportProgress feedImport={feedImport.data} />
    </section>
  );
}
