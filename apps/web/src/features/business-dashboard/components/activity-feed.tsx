import type { ActivityItem, ActivityType } from '@ipick/contracts';
import { Activity, MousePointerClick, Pause, Play, Receipt, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useDashboardActivity } from '../api/get-dashboard-activity';
import { formatAmount } from '../utils/format';

const TYPE_FILTERS: { value: ActivityType | 'all'; label: string }[] = [
  { value: 'all', label: 'Everything' },
  { value: 'click', label: 'Clicks to your shop' },
  { value: 'event', label: 'Events from your shop' },
  { value: 'conversion', label: 'Conversions' },
];

const kindLabels = { lead: 'Lead', sale: 'Sale', refund: 'Refund' } as const;

interface ActivityFeedProps {
  /** Where the empty state's "integrate" link goes. */
  integratePath: string;
}

/**
 * What reached ipick for the signed-in business, newest first: clicks ipick sent to the shop,
 * events the shop reported and conversions. Asked for again every 3 seconds unless paused.
 */
export function ActivityFeed({ integratePath }: ActivityFeedProps) {
  const [type, setType] = useState<ActivityType | 'all'>('all');
  const [isPaused, setIsPaused] = useState(false);
  const feed = useDashboardActivity(type === 'all' ? null : type, isPaused);
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="activity-type">Show</Label>
          <NativeSelect
            id="activity-type"
            value={type}
            onChange={(event) => setType(event.target.value as ActivityType | 'all')}
            className="sm:w-56"
          >
            {TYPE_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-center gap-3">
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {isPaused ? 'Paused' : 'Live: refreshed every 3 seconds'}
          </p>
          <Button variant="outline" aria-pressed={isPaused} onClick={() => setIsPaused(!isPaused)}>
            {isPaused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {isPaused ? 'Resume' : 'Pause'}
          </Button>
        </div>
      </div>
      <h2 id="activity-heading" className="sr-only">
        Latest activity
      </h2>
      {/* Clicks reach the ledger through each server's click journal, shipped every second or so. */}
      <p className="text-sm text-muted-foreground">
        A click to your shop shows here a few seconds after the shopper follows it.
      </p>
      {feed.isPending ? (
        <FeedSkeleton />
      ) : feed.isError && !feed.data ? (
        <ErrorState
          title="We could not load your activity"
          message={toErrorMessage(feed.error, 'Something went wrong. Please try again.')}
          onRetry={() => void feed.refetch()}
          isRetrying={feed.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Activity />}
          title={type === 'all' ? 'No activity yet' : 'Nothing of this kind yet'}
          description={
            type === 'all'
              ? 'Clicks ipick sends to your shop, events your pages report through the ipick snippet and the sales you send appear here within seconds.'
              : 'Choose “Everything” to see all activity, or check your integration.'
          }
          actions={
            <Link to={integratePath} className={buttonVariants()}>
              Integrate your shop
            </Link>
          }
        />
      ) : (
        <>
          {feed.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {toErrorMessage(feed.error, 'Updating failed.')} Retrying…
            </p>
          ) : null}
          <ul
            aria-label="Activity"
            className="divide-y divide-border rounded-lg border border-border"
          >
            {items.map((item) => (
              <ActivityRow key={`${item.type}-${item.id}`} item={item} />
            ))}
          </ul>
          {feed.hasNextPage ? (
            <Button
              variant="outline"
              className="self-center"
              onClick={() => void feed.fetchNextPage()}
              disabled={feed.isFetchingNextPage}
            >
              {feed.isFetchingNextPage ? 'Loading…' : 'Show older activity'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  return (
    <li className="flex gap-3 p-3 sm:p-4">
      <span
        aria-hidden="true"
        className="mt-0.5 shrink-0 self-start rounded-full bg-muted p-2 text-muted-foreground [&_svg]:size-4"
      >
        {item.type === 'click' ? <MousePointerClick /> : null}
        {item.type === 'event' ? <Zap /> : null}
        {item.type === 'conversion' ? <Receipt /> : null}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <ActivityTitle item={item} />
          <RelativeTime value={item.at} className="text-xs text-muted-foreground" />
        </div>
        <ActivityDetails item={item} />
      </div>
    </li>
  );
}

function ActivityTitle({ item }: { item: ActivityItem }) {
  switch (item.type) {
    case 'click':
      return <span className="text-sm font-medium">Click to your shop</span>;
    case 'event':
      return (
        <>
          <span className="text-sm font-medium">
            Event <span className="font-mono">{item.eventType}</span>
          </span>
          {item.attributed ? <Badge variant="success">From ipick</Badge> : null}
        </>
      );
    case 'conversion':
      return (
        <>
          <span className="text-sm font-medium">
            {kindLabels[item.kind]} {item.kind === 'lead' ? '' : amountText(item)}
          </span>
          {item.kind === 'refund' ? <Badge variant="warning">Refund</Badge> : null}
          {item.attributed ? <Badge variant="success">From ipick</Badge> : null}
        </>
      );
  }
}

function amountText(item: { amountMinor: number | null; currency: string | null }): string {
  if (item.amountMinor === null || !item.currency) return '';
  return formatAmount(item.amountMinor, item.currency);
}

function ActivityDetails({ item }: { item: ActivityItem }) {
  const parts: string[] = [];
  let address: string | null = null;
  if (item.type === 'click') {
    if (item.productTitle) parts.push(item.productTitle);
    if (item.utmCampaign) parts.push(`campaign ${item.utmCampaign}`);
    if (item.deviceType) parts.push(item.deviceType);
    if (item.country) parts.push(item.country);
    address = item.targetUrl;
  } else if (item.type === 'event') {
    if (item.orderId) parts.push(`Order ${item.orderId}`);
    const amount = amountText(item);
    if (amount) parts.push(amount);
    address = item.url;
  } else {
    parts.push(`Order ${item.orderId}`);
    parts.push(item.source === 'server' ? 'sent by your server' : 'reported by the snippet');
  }
  return (
    <>
      {parts.length > 0 ? (
        <p className="text-sm text-muted-foreground">{parts.join(' · ')}</p>
      ) : null}
      {address ? (
        <p className="truncate text-xs text-muted-foreground" title={address}>
          {address}
        </p>
      ) : null}
    </>
  );
}

function FeedSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-2">
      <span className="sr-only">Loading your activity…</span>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} aria-hidden="true" className="h-16" />
      ))}
    </div>
  );
}
