import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { toErrorMessage } from '@/lib/error-message';
import { useBusinessEvents, type BusinessEvent } from '../api/get-business-events';

/** Why the list could not be fetched, as the merchant can act on it. */
function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return 'your business session has ended; sign in again to see new events';
  }
  return toErrorMessage(error, 'ipick did not answer').replace(/\.$/, '');
}

function formatAmount(data: Record<string, unknown>): string | null {
  const { amountMinor, currency } = data;
  if (typeof amountMinor !== 'number' || typeof currency !== 'string') return null;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
      amountMinor / 100,
    );
  } catch {
    return `${String(amountMinor)} ${currency}`;
  }
}

function EventRow({ event }: { event: BusinessEvent }) {
  const orderId = typeof event.eventData.orderId === 'string' ? event.eventData.orderId : null;
  const amount = formatAmount(event.eventData);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium">{event.eventType}</span>
        {event.attributed ? (
          <Badge variant="success">Attributed</Badge>
        ) : (
          <Badge>Unattributed</Badge>
        )}
        {event.isTest ? <Badge variant="warning">Test, not counted</Badge> : null}
        <RelativeTime
          value={event.receivedAt}
          prefix="Received"
          className="text-xs text-muted-foreground"
        />
      </div>
      {orderId || amount ? (
        <p className="text-sm text-muted-foreground">
          {orderId ? `Order ${orderId}` : null}
          {orderId && amount ? ' · ' : null}
          {amount}
        </p>
      ) : null}
      {event.url ? (
        <p className="truncate text-xs text-muted-foreground" title={event.url}>
          {event.url}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The signed-in business's latest tracked events as ipick stored them, asked for every two
 * seconds. Render it only for a signed-in business.
 */
export function LiveEvents() {
  const events = useBusinessEvents();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Events ipick received</CardTitle>
        <CardDescription>
          Your shop&apos;s latest events, refreshed every 2 seconds. “Attributed” events carried
          ipick&apos;s referral or click id; the others came from visitors ipick did not send.
          Events sent from ipick&apos;s tracking test page are marked as tests and count nowhere.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <div role="status" aria-label="Loading events" className="flex flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : events.isError && !events.data ? (
          <p role="alert" className="text-sm text-destructive">
            We could not load your events: {failureReason(events.error)}. Retrying…
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            {events.isError ? (
              // The list below is no longer live: say so, rather than let it look quiet.
              <p role="alert" className="text-sm text-destructive">
                This list stopped updating: {failureReason(events.error)}. It shows the events as of{' '}
                {new Date(events.dataUpdatedAt).toLocaleTimeString('en-US', {
                  hour: 'numeric',
                  minute: '2-digit',
                  second: '2-digit',
                })}
                . Retrying…
              </p>
            ) : null}
            {events.data.events.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No events yet. They appear here within a few seconds of reaching ipick.
              </p>
            ) : (
              <ul aria-label="Received events" className="divide-y divide-border">
                {events.data.events.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
