import {
  type AdminMatchReport,
  type MatchReportStatus,
  type ReportedListing,
  type ShownMatchTier,
} from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { Flag } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useMatchReports, type MatchReportsFilter } from '../api/get-match-reports';
import { useReviewMatchReport, type ReviewVerdict } from '../api/review-match-report';

const STATUS_LABELS: Record<MatchReportStatus, string> = {
  pending: 'Waiting for review',
  confirmed: 'Confirmed: different products',
  rejected: 'Rejected: the same product',
};

const TIER_LABELS: Record<ShownMatchTier, string> = {
  same: 'Same product',
  probable: 'Probably the same — check the details',
  similar: 'Similar',
};

const EMPTY_TEXT: Record<MatchReportStatus, { title: string; description: string }> = {
  pending: {
    title: 'No reports to review',
    description:
      'When a shopper says a listing is not the same product as the one they compared, the report waits here.',
  },
  confirmed: {
    title: 'No confirmed reports',
    description: 'Reports you confirm are listed here; those pairs are never shown as the same.',
  },
  rejected: {
    title: 'No rejected reports',
    description: 'Reports you reject are listed here; those matches stay as they were.',
  },
};

/**
 * The admins' queue of wrong-match reports: each pair side by side with the score and tier the
 * shopper saw, to confirm (different products) or reject (the match stands). A reviewed report
 * leaves the pending list; keyboard focus moves to the next one, or to the list's heading.
 */
export function MatchReportsQueue() {
  const [filter, setFilter] = useState<MatchReportsFilter>({ status: 'pending', page: 1 });
  const query = useMatchReports(filter);
  const statusId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  /** After a review the row goes; focus goes to the row that takes its place, or the heading. */
  const focusAfterReview = (index: number) => {
    requestAnimationFrame(() => {
      const rows = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
      const next = rows?.[Math.min(index, rows.length - 1)];
      (next ?? headingRef.current)?.focus();
    });
  };

  const counts = query.data?.counts;
  let body;
  if (query.isPending) {
    body = <QueueSkeleton />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title="We could not load the reports"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<Flag />}
        title={EMPTY_TEXT[filter.status].title}
        description={EMPTY_TEXT[filter.status].description}
      />
    );
  } else {
    const { items, total, pageSize } = query.data;
    body = (
      <>
        <ul ref={listRef} aria-label="Reports" className="flex flex-col gap-3">
          {items.map((report, index) => (
            <ReportRow key={report.id} report={report} onReviewed={() => focusAfterReview(index)} />
          ))}
        </ul>
        <Pagination
          label="Pages of reports"
          page={filter.page}
          pageCount={Math.ceil(total / pageSize)}
          onPageChange={(page) => setFilter((old) => ({ ...old, page }))}
          disabled={query.isFetching}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="match-reports-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2
          id="match-reports-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold outline-none"
        >
          Reports of wrong matches
        </h2>
        {counts ? (
          <ul
            aria-label="Reports by status"
            className="flex flex-wrap gap-x-3 text-sm text-muted-foreground"
          >
            <li className="whitespace-nowrap">{counts.pending} waiting</li>
            <li className="whitespace-nowrap">{counts.confirmed} confirmed</li>
            <li className="whitespace-nowrap">{counts.rejected} rejected</li>
          </ul>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        Shoppers say these listings are not the product they compared. Confirm a report and the pair
        is never shown as the same product again (and becomes training data for the matcher); reject
        it and the match stays.
      </p>
      <div className="flex flex-col gap-2 sm:w-64">
        <Label htmlFor={statusId}>Show</Label>
        <NativeSelect
          id={statusId}
          value={filter.status}
          onChange={(event) =>
            setFilter({ status: event.target.value as MatchReportStatus, page: 1 })
          }
        >
          <option value="pending">Waiting for review</option>
          <option value="confirmed">Confirmed</option>
          <option value="rejected">Rejected</option>
        </NativeSelect>
      </div>
      {body}
    </section>
  );
}

function ReportRow({ report, onReviewed }: { report: AdminMatchReport; onReviewed: () => void }) {
  const review = useReviewMatchReport();
  const titleId = useId();
  const [pendingVerdict, setPendingVerdict] = useState<ReviewVerdict | null>(null);

  async function apply(verdict: ReviewVerdict) {
    // Buttons stay enabled while a verdict is sent (a disabled one drops keyboard focus).
    if (review.isPending) return;
    setPendingVerdict(verdict);
    try {
      await review.mutateAsync({ reportId: report.id, verdict });
      toast.success(verdict === 'confirm' ? 'Report confirmed' : 'Report rejected', {
        description:
          verdict === 'confirm'
            ? `${report.offer.retailerName}'s listing is no longer shown as the same product.`
            : 'The match stays as it was.',
      });
      onReviewed();
    } catch {
      // Shown under the buttons from the mutation's error.
    } finally {
      setPendingVerdict(null);
    }
  }

  return (
    <li
      aria-labelledby={titleId}
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 outline-none focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-medium">
          {`${report.offer.retailerName}: "${report.offer.title}"`}
        </h3>
        {report.status !== 'pending' ? (
          <Badge variant={report.status === 'confirmed' ? 'destructive' : 'success'}>
            {STATUS_LABELS[report.status]}
          </Badge>
        ) : null}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <ListingBox heading="Pasted by the shopper" listing={report.pasted} />
        <ListingBox heading={`Shown as: ${TIER_LABELS[report.tier]}`} listing={report.offer} />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Match score</dt>
          <dd className="tabular-nums">{`${Math.round(report.score * 100)} %`}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Reported</dt>
          <dd>
            <RelativeTime value={report.createdAt} />
            {report.bySignedInShopper ? ' by a signed-in shopper' : ' by a visitor'}
          </dd>
        </div>
        {report.reviewedAt ? (
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Reviewed</dt>
            <dd>
              <RelativeTime value={report.reviewedAt} />
            </dd>
          </div>
        ) : null}
      </dl>
      {report.note ? (
        <figure className="text-sm">
          <figcaption className="text-muted-foreground">The shopper&apos;s note</figcaption>
          <blockquote className="mt-1 border-l-2 border-border pl-3 break-words whitespace-pre-line">
            {report.note}
          </blockquote>
        </figure>
      ) : null}
      {report.reasons.length > 0 ? (
        <details className="text-sm">
          <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground hover:text-foreground">
            Why ipick matched them
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {report.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.status === 'pending' ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void apply('confirm')} aria-describedby={titleId}>
              {pendingVerdict === 'confirm' ? 'Confirming…' : 'Confirm: different products'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void apply('reject')}
              aria-describedby={titleId}
            >
              {pendingVerdict === 'reject' ? 'Rejecting…' : 'Reject: same product'}
            </Button>
          </div>
          {review.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {toErrorMessage(review.error, 'The report could not be reviewed. Please try again.')}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function ListingBox({ heading, listing }: { heading: string; listing: ReportedListing }) {
  const price =
    listing.priceMinor !== null && listing.currency
      ? formatMoney(listing.priceMinor, listing.currency)
      : null;
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-md bg-muted p-3 text-sm">
      <p className="text-xs font-medium text-muted-foreground">{heading}</p>
      <a
        href={listing.url}
        target="_blank"
        rel="noopener noreferrer"
        className="break-words text-primary underline underline-offset-4"
      >
        {listing.title}
      </a>
      <p className="text-muted-foreground">
        {[listing.retailerName, listing.brand, price].filter(Boolean).join(' · ')}
      </p>
    </div>
  );
}

function QueueSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">Loading reports…</span>
      {Array.from({ length: 3 }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
        >
          <Skeleton className="h-5 w-2/3" />
          <div className="grid gap-3 md:grid-cols-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
          <Skeleton className="h-8 w-64" />
        </div>
      ))}
    </div>
  );
}
