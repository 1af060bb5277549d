import type { PriceAlert } from '@ipick/contracts';
import { formatMoney, REDIRECT_PATH } from '@ipick/core';
import { Bell, ExternalLink, Pause, Play, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { usePriceAlerts, useRemovePriceAlert, useUpdatePriceAlert } from '../api/price-alerts';

const rowClass =
  'flex flex-col gap-3 rounded-lg border border-border bg-card p-3 sm:flex-row sm:items-center sm:gap-4';

/** What the alert is doing now, in words. */
function alertStatus(alert: PriceAlert): { text: string; variant: 'success' | 'default' } {
  if (alert.isPaused) return { text: 'Paused', variant: 'default' };
  if (!alert.isArmed) return { text: 'Fired', variant: 'success' };
  return { text: 'Watching', variant: 'default' };
}

/** The signed-in shopper's price-drop alerts: which fired, pause or resume, remove. */
export function PriceAlertsList({ enabled }: { enabled: boolean }) {
  const query = usePriceAlerts(enabled);
  const update = useUpdatePriceAlert();
  const remove = useRemovePriceAlert();
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (query.isPending) return <AlertsSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        title="We could not load your price alerts"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<Bell />}
        title="No price alerts yet"
        description="On a price comparison, press “Price alert” on an offer and say what price you would pay. We email you once when it drops to it."
        actions={
          <Link to="/" className={buttonVariants()}>
            Compare prices
          </Link>
        }
      />
    );
  }
  const firedCount = items.filter((alert) => alert.fireCount > 0).length;

  function togglePause(alert: PriceAlert) {
    update.mutate(
      { id: alert.id, isPaused: !alert.isPaused },
      {
        onSuccess: () =>
          toast.success(alert.isPaused ? 'Alert resumed' : 'Alert paused', {
            description: alert.title,
          }),
        onError: (error) =>
          toast.error(toErrorMessage(error, 'We could not change the alert. Please try again.')),
      },
    );
  }

  function handleRemove(alert: PriceAlert) {
    remove.mutate(alert.id, {
      onSuccess: () => {
        // The focused button has gone with its row; the list's heading takes the focus.
        headingRef.current?.focus();
        toast.success('Price alert removed', { description: alert.title });
      },
      onError: (error) =>
        toast.error(toErrorMessage(error, 'We could not remove the alert. Please try again.')),
    });
  }

  return (
    <section aria-labelledby="alerts-heading" className="flex flex-col gap-4">
      <h2
        id="alerts-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {items.length} price alert{items.length === 1 ? '' : 's'}
        {firedCount > 0 ? `, ${firedCount} fired` : ''}
      </h2>
      <ul aria-label="Your price alerts" className="flex flex-col gap-3">
        {items.map((alert) => {
          const status = alertStatus(alert);
          const isBusy =
            (update.isPending && update.variables?.id === alert.id) ||
            (remove.isPending && remove.variables === alert.id);
          return (
            <li key={alert.id} className={rowClass}>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <h3 className="line-clamp-2 font-medium">{alert.title}</h3>
                <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge variant={status.variant}>{status.text}</Badge>
                  <span>
                    {alert.retailerName} · at or below{' '}
                    <strong className="text-foreground">
                      {formatMoney(alert.targetMinor, alert.currency)}
                    </strong>
                    {alert.currentTotalMinor !== null
                      ? ` · now ${formatMoney(alert.currentTotalMinor, alert.currency)}`
                      : ''}
                  </span>
                </p>
                {alert.lastFiredAt && alert.lastFiredTotalMinor !== null ? (
                  <p className="text-sm">
                    Emailed you at {formatMoney(alert.lastFiredTotalMinor, alert.currency)},{' '}
                    <RelativeTime value={alert.lastFiredAt} />
                    {alert.fireCount > 1 ? ` (${alert.fireCount} drops so far)` : ''}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2 sm:flex-nowrap">
                <a
                  // Through ipick's redirect like every outbound link, so the shop's click counts.
                  href={`${REDIRECT_PATH}?${new URLSearchParams({ offer: alert.offerId, from: '/alerts' }).toString()}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                  aria-label={`View ${alert.title} at ${alert.retailerName} (opens in a new tab)`}
                >
                  <ExternalLink aria-hidden="true" />
                  View
                </a>
                {alert.path ? (
                  <Link
                    to={alert.path}
                    aria-label={`Open results: ${alert.title}`}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    Open results
                  </Link>
                ) : null}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${alert.isPaused ? 'Resume' : 'Pause'} the alert for ${alert.title}`}
                  onClick={() => !isBusy && togglePause(alert)}
                >
                  {alert.isPaused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                  {alert.isPaused ? 'Resume' : 'Pause'}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove the alert for ${alert.title}`}
                  onClick={() => !isBusy && handleRemove(alert)}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function AlertsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading your price alerts…</span>
      <Skeleton className="h-7 w-44" />
      <div className="flex flex-col gap-3" aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className={rowClass}>
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
            <Skeleton className="h-8 w-48" />
          </div>
        ))}
      </div>
    </div>
  );
}
