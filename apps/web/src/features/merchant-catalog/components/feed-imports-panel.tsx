import type { FeedImport } from '@ipick/contracts';
import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { toErrorMessage } from '@/lib/error-message';
import { useFeedImports } from '../api/feed-imports';
import { FeedImportForm } from './feed-import-form';
import { ImportStatusBadge, rowCount } from './feed-import-progress';
import { FollowedFeedImport } from './followed-feed-import';

/**
 * The feed side of the products page: start an import (upload or address), follow its
 * progress to its report, and look back at earlier imports.
 */
export function FeedImportsPanel() {
  const imports = useFeedImports();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [startedId, setStartedId] = useState<string | null>(null);
  const latestId = imports.data?.imports[0]?.id ?? null;
  const shownId = chosenId ?? latestId;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Product feed</CardTitle>
        <CardDescription>
          ipick matches your products with what shoppers compare using your feed. Import it again
          whenever prices or stock change; unchanged rows are left as they are.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <FeedImportForm
          onStarted={(importId) => {
            setStartedId(importId);
            setChosenId(importId);
          }}
        />
        {imports.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading your imports…</span>
            <Skeleton className="h-5 w-1/2" aria-hidden="true" />
            <Skeleton className="h-16 w-full" aria-hidden="true" />
          </div>
        ) : imports.isError ? (
          <ErrorState
            title="We could not load your imports"
            message={toErrorMessage(imports.error, 'Something went wrong. Please try again.')}
            onRetry={() => void imports.refetch()}
            isRetrying={imports.isFetching}
          />
        ) : (
          <>
            {shownId ? (
              <FollowedFeedImport
                key={shownId}
                importId={shownId}
                isJustStarted={shownId === startedId}
              />
            ) : null}
            {imports.data.imports.length > 1 ? (
              <ImportHistory
                imports={imports.data.imports}
                shownId={shownId}
                onShow={setChosenId}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ImportHistory({
  imports,
  shownId,
  onShow,
}: {
  imports: FeedImport[];
  shownId: string | null;
  onShow: (id: string) => void;
}) {
  return (
    <section aria-labelledby="import-history-heading" className="flex flex-col gap-2">
      <h3 id="import-history-heading" className="text-sm font-semibold">
        Earlier imports
      </h3>
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {imports.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onShow(item.id)}
              aria-current={item.id === shownId ? 'true' : undefined}
              className={cn(
                'flex w-full flex-wrap items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                item.id === shownId && 'bg-muted',
              )}
            >
              <span className="min-w-0 break-all">
                {item.source}
                <span className="block text-xs text-muted-foreground">
                  <RelativeTime value={item.startedAt} prefix="Started" /> ·{' '}
                  {rowCount(item.itemsSeen)}
                </span>
              </span>
              <ImportStatusBadge feedImport={item} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
