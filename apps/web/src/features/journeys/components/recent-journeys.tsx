import type { JourneySummary } from '@ipick/contracts';
import { formatMoney, isRefundedInFull } from '@ipick/core';
import { Route as RouteIcon, Search } from 'lucide-react';
import { useSearchDraft } from '@/hooks/use-search-draft';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useRecentJourneys } from '../api/get-recent-journeys';

/** A short, stable label for a pseudonymous shopper id. */
export function shopperLabel(shopperId: string | null): string {
  return shopperId ? `Shopper ${shopperId.slice(0, 8)}` : 'Unknown shopper';
}

interface RecentJourneysProps {
  query: string;
  page: number;
  onSearch: (query: string) => void;
  onPageChange: (page: number) => void;
  journeyHref: (orderId: string) => string;
}

/** The latest orders, each opening its shopper's journey; searchable by order id. */
export function RecentJourneys({
  query,
  page,
  onSearch,
  onPageChange,
  journeyHref,
}: RecentJourneysProps) {
  const journeys = useRecentJourneys({ query, page });
  const { draft, setDraft, handleSubmit } = useSearchDraft(query, onSearch);

  return (
    <section aria-labelledby="journeys-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="journeys-heading" className="text-lg font-semibold">
          {query ? `Orders matching “${query}”` : 'Recent journeys'}
        </h2>
        <form role="search" onSubmit={handleSubmit} className="flex w-full gap-2 sm:w-auto">
          <Input
            type="search"
            aria-label="Find an order id"
            placeholder="Order id"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={200}
            className="sm:w-64"
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Find
          </Button>
        </form>
      </div>
      {journeys.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading journeys…</span>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-16 w-full" aria-hidden="true" />
          ))}
        </div>
      ) : journeys.isError ? (
        <ErrorState
          title="We could not load your journeys"
          message={toErrorMessage(journeys.error, 'Something went wrong. Please try again.')}
          onRetry={() => void journeys.refetch()}
          isRetrying={journeys.isFetching}
        />
      ) : journeys.data.items.length === 0 ? (
        query ? (
          <EmptyState
            icon={<Search />}
            title={`No order id contains “${query}”`}
            description="Check the order id in your shop's admin; ipick knows the orders your shop reported."
            actions={
              <Button variant="outline" onClick={() => onSearch('')}>
                Show recent journeys
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<RouteIcon />}
            title="No journeys yet"
            description="A journey appears when your shop reports a purchase or sign-up: install the ipick snippet so it reports visits and purchases, or send conversions from your server. Each journey then shows the ipick clicks, visits and purchase of one shopper."
            actions={
              <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
                Integrate your shop
              </Link>
            }
          />
        )
      ) : (
        <>
          <ul aria-label="Orders" className="flex flex-col gap-2">
            {journeys.data.items.map((item) => (
              <JourneyRow key={item.orderId} item={item} href={journeyHref(item.orderId)} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.max(1, Math.ceil(journeys.data.total / journeys.data.pageSize))}
            onPageChange={onPageChange}
            label="Pages of journeys"
            disabled={journeys.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}

/** "Refunded" only when the refunds gave the whole sale back; any smaller refund is a part. */
function refundLabel(item: JourneySummary, isSale: boolean): string | null {
  if (!item.kinds.includes('refund')) return null;
  const isFull = isRefundedInFull({
    kind: isSale ? 'sale' : 'lead',
    amountMinor: item.amountMinor,
    refundedMinor: item.refundedMinor,
  });
  return isFull ? 'Refunded' : 'Partly refunded';
}

function JourneyRow({ item, href }: { item: JourneySummary; href: string }) {
  const isSale = item.kinds.includes('sale');
  const refund = refundLabel(item, isSale);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <Link to={href} className="font-medium break-all underline-offset-4 hover:underline">
          Order {item.orderId}
        </Link>
        <p className="text-sm text-muted-foreground">
          {shopperLabel(item.shopperId)} · <RelativeTime value={item.lastAt} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {isSale && item.currency ? (
          <span className="text-sm font-medium tabular-nums">
            {formatMoney(item.amountMinor, item.currency)}
          </span>
        ) : null}
        <Badge>{isSale ? 'Sale' : 'Lead'}</Badge>
        {refund ? <Badge variant="warning">{refund}</Badge> : null}
        {item.quotesReferral ? <Badge variant="success">ipick referral</Badge> : null}
      </div>
    </li>
  );
}
