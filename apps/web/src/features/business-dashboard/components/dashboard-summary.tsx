import type { DashboardFigure, DashboardSummary as Summary } from '@ipick/contracts';
import { LayoutDashboard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { formatAmount, formatCount, formatPercent } from '../utils/format';
import { formatDay, presetPeriod, toRangeQuery, type Period } from '../utils/period';
import { FigureCard } from './figure-card';
import { IpickConversionsNote } from './ipick-conversions-note';
import { PeriodPicker } from './period-picker';

const INTEGRATE_PATH = '/business/dashboard/checkout/integrate';

/** The dashboard home: key figures of a period against the one before, and the top products. */
export function DashboardSummary() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod('7'));
  const summary = useDashboardSummary(toRangeQuery(period));

  return (
    <div className="flex flex-col gap-6">
      <PeriodPicker value={period} onChange={setPeriod} />
      {summary.isPending ? (
        <SummarySkeleton />
      ) : summary.isError ? (
        <ErrorState
          title="We could not load your figures"
          message={toErrorMessage(summary.error, 'Something went wrong. Please try again.')}
          onRetry={() => void summary.refetch()}
          isRetrying={summary.isFetching}
        />
      ) : !summary.data.hasData ? (
        <EmptyState
          icon={<LayoutDashboard />}
          title="No shoppers sent your way yet"
          description={
            <>
              Figures appear here once ipick sends a shopper to your shop or your shop reports an
              event. Add the ipick snippet to your pages and send your sales with the conversion
              API, then check the live activity to see them arrive.
            </>
          }
          actions={
            <>
              <Link to={INTEGRATE_PATH} className={buttonVariants()}>
                Integrate your shop
              </Link>
              <Link
                to="/business/dashboard/checkout/activity"
                className={buttonVariants({ variant: 'outline' })}
              >
                Watch live activity
              </Link>
            </>
          }
        />
      ) : (
        <SummaryFigures summary={summary.data} isUpdating={summary.isPlaceholderData} />
      )}
    </div>
  );
}

function SummaryFigures({ summary, isUpdating }: { summary: Summary; isUpdating: boolean }) {
  const previousLabel = `${formatDay(summary.previousPeriod.from)} – ${formatDay(summary.previousPeriod.to)}`;
  const versus = (figure: DashboardFigure, format: (value: number) => string) =>
    figure.previous === null ? 'nothing to compare with' : `vs. ${format(figure.previous)} before`;
  const [mainRevenue, ...otherRevenue] = summary.revenue;

  return (
    <section
      aria-labelledby="summary-heading"
      aria-busy={isUpdating}
      className={isUpdating ? 'flex flex-col gap-6 opacity-60' : 'flex flex-col gap-6'}
    >
      <div className="flex flex-col gap-1">
        <h2 id="summary-heading" className="text-lg font-semibold">
          {formatDay(summary.period.from)} – {formatDay(summary.period.to)}
        </h2>
        <p className="text-sm text-muted-foreground">
          Compared with {previousLabel}. Days are in UTC; bots are left out. Click figures are
          updated a few seconds after each click.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FigureCard
          label="Clicks to your shop"
          value={formatCount(summary.clicks.current ?? 0)}
          change={summary.clicks.change}
          previousText={versus(summary.clicks, formatCount)}
        />
        <FigureCard
          label="Unique shoppers"
          value={formatCount(summary.uniqueShoppers.current ?? 0)}
          change={summary.uniqueShoppers.change}
          previousText={versus(summary.uniqueShoppers, formatCount)}
        />
        <FigureCard
          label="Conversions"
          value={formatCount(summary.conversions.current ?? 0)}
          change={summary.conversions.change}
          previousText={versus(summary.conversions, formatCount)}
        />
        <FigureCard
          label="Conversion rate"
          value={
            summary.conversionRate.current === null
              ? '—'
              : formatPercent(summary.conversionRate.current)
          }
          change={summary.conversionRate.change}
          previousText={versus(summary.conversionRate, formatPercent)}
        />
        <FigureCard
          label="Revenue"
          value={mainRevenue ? formatAmount(mainRevenue.current ?? 0, mainRevenue.currency) : '—'}
          change={mainRevenue?.change ?? null}
          previousText={
            mainRevenue
              ? versus(mainRevenue, (value) => formatAmount(value, mainRevenue.currency))
              : 'sales less refunds'
          }
        >
          {otherRevenue.length > 0 ? (
            <ul aria-label="Revenue in other currencies" className="text-xs text-muted-foreground">
              {otherRevenue.map((revenue) => (
                <li key={revenue.currency}>
                  and {formatAmount(revenue.current ?? 0, revenue.currency)}
                </li>
              ))}
            </ul>
          ) : null}
        </FigureCard>
      </div>
      <IpickConversionsNote />
      <Card>
        <CardHeader>
          <CardTitle>Top products</CardTitle>
          <CardDescription>The products shoppers clicked through to most.</CardDescription>
        </CardHeader>
        <CardContent>
          {summary.topProducts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No clicks in this period.</p>
          ) : (
            <ol aria-label="Top products" className="flex flex-col gap-3">
              {summary.topProducts.map((product, index) => (
                <li
                  key={product.productId ?? product.offerId ?? `none-${index}`}
                  className="flex flex-col gap-1"
                >
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="min-w-0 truncate font-medium" title={product.title}>
                      {product.title}
                    </span>
                    <span className="shrink-0 tabular-nums text-muted-foreground">
                      {formatCount(product.clicks)} {product.clicks === 1 ? 'click' : 'clicks'} ·{' '}
                      {formatPercent(product.share)}
                    </span>
                  </div>
                  <div aria-hidden="true" className="h-1.5 rounded-full bg-muted">
                    <div
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${Math.round(product.share * 100)}%` }}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function SummarySkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading your figures…</span>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
      <Skeleton aria-hidden="true" className="h-48" />
    </div>
  );
}
