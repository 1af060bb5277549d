import type { AttributionModelName, AttributionReport as Report } from '@ipick/contracts';
import { formatMoney, isRefundedInFull } from '@ipick/core';
import { Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useAttributionReport, type AttributionPeriod } from '../api/get-attribution-report';
import {
  MODEL_LABELS,
  POSITIONS,
  summarizeCredits,
  type ClickPosition,
  type CreditSummary,
} from '../utils/summarize-credits';

const POSITION_LABELS: Record<ClickPosition, string> = {
  only: 'Only click',
  first: 'First click',
  middle: 'Middle clicks',
  last: 'Last click',
};
const POSITION_COLORS: Record<ClickPosition, string> = {
  only: 'bg-slate-400',
  first: 'bg-sky-500',
  middle: 'bg-amber-500',
  last: 'bg-emerald-600',
};

const MODEL_EXPLANATIONS: Record<AttributionModelName, string> = {
  last_click:
    'All the credit goes to the last ipick click before the purchase: the click that closed the sale.',
  first_click:
    'All the credit goes to the first ipick click in the window: the click that introduced the shopper to your shop.',
  linear: 'The credit is split evenly between every ipick click in the window.',
  position_based:
    'The first and the last click get 40 % each and the clicks between share the other 20 %. Two clicks get half each.',
};

interface AttributionReportProps {
  period: AttributionPeriod;
  /** The control that chooses `period`, shown beside the attribution window. */
  periodControl: ReactNode;
}

/** Conversions credited under the four models side by side, for a chosen period. */
export function AttributionReport({ period, periodControl }: AttributionReportProps) {
  const report = useAttributionReport(period);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        {periodControl}
        {report.data ? (
          <p className="pb-2 text-sm text-muted-foreground">
            Clicks count for {report.data.windowDays} day
            {report.data.windowDays === 1 ? '' : 's'} before a conversion. The report opens on{' '}
            <strong>{MODEL_LABELS[report.data.defaultModel]}</strong>, your default model in
            Settings.
          </p>
        ) : null}
      </div>
      <ReportBody report={report} />
      <ModelExplanations />
    </div>
  );
}

function ReportBody({ report }: { report: ReturnType<typeof useAttributionReport> }) {
  if (report.isPending) return <ReportSkeleton />;
  if (report.isError) {
    return (
      <ErrorState
        title="We could not load your attribution"
        message={toErrorMessage(report.error, 'Something went wrong. Please try again.')}
        onRetry={() => void report.refetch()}
        isRetrying={report.isFetching}
      />
    );
  }
  const summary = summarizeCredits(report.data);
  if (report.data.conversions.length === 0) {
    return (
      <EmptyState
        icon={<Target />}
        title="No conversions in this period"
        description="Conversions appear here once your shop reports purchases or sign-ups: through the ipick snippet's purchase event, or from your server with a secret key. Try a longer period if you reported some before."
        actions={
          <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
            Set up conversion tracking
          </Link>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6" aria-busy={report.isPlaceholderData}>
      <ModelComparison summary={summary} report={report.data} />
      <ConversionTable report={report.data} />
    </div>
  );
}

function money(amountMinor: number, currency: string | null): string {
  return currency ? formatMoney(amountMinor, currency) : String(amountMinor);
}

function formatShare(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function ModelComparison({ summary, report }: { summary: CreditSummary; report: Report }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit by model</CardTitle>
        <CardDescription>
          {summary.withClicks} of {summary.conversions} conversion
          {summary.conversions === 1 ? '' : 's'} followed an ipick click within the window. Revenue
          is credited net of refunds, and a sale refunded in full counts as no conversion
          {summary.refundedInFull > 0 ? ` (${summary.refundedInFull} in this period)` : ''}.
          {summary.otherCurrencySales > 0
            ? ` Revenue is in ${summary.currency}; ${summary.otherCurrencySales} sale${summary.otherCurrencySales === 1 ? ' in another currency is' : 's in other currencies are'} counted but not added up.`
            : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Conversions and revenue credited under each model</caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Model
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Credited revenue
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Conversions
                </th>
                <th scope="col" className="py-2 pl-3 font-medium">
                  Which click gets the credit
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.models.map((model) => {
                const total = POSITIONS.reduce((sum, key) => sum + model.byPosition[key], 0);
                const parts = POSITIONS.filter((key) => model.byPosition[key] > 0).map(
                  (key) =>
                    `${POSITION_LABELS[key]} ${Math.round((100 * model.byPosition[key]) / Math.max(total, 1e-9))} %`,
                );
                return (
                  <tr key={model.model} className="border-t border-border">
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {MODEL_LABELS[model.model]}
                      {model.model === report.defaultModel ? (
                        <Badge variant="success" className="ml-2">
                          Billing
                        </Badge>
                      ) : null}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {money(model.creditedMinor, summary.currency)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{model.conversions}</td>
                    <td className="py-2 pl-3">
                      <div
                        role="img"
                        aria-label={parts.length > 0 ? parts.join(', ') : 'No credit'}
                        className="flex h-3 w-full min-w-40 overflow-hidden rounded-full bg-muted"
                      >
                        {POSITIONS.map((key) =>
                          model.byPosition[key] > 0 ? (
                            <div
                              key={key}
                              className={POSITION_COLORS[key]}
                              style={{ width: `${(100 * model.byPosition[key]) / total}%` }}
                            />
                          ) : null,
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <ul
          aria-label="Legend"
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
        >
          {POSITIONS.map((key) => (
            <li key={key} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={`size-2.5 rounded-full ${POSITION_COLORS[key]}`}
              />
              {POSITION_LABELS[key]}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ConversionTable({ report }: { report: Report }) {
  const conversions = [...report.conversions].reverse();
  return (
    <section aria-labelledby="conversions-heading" className="flex flex-col gap-3">
      <h2 id="conversions-heading" className="text-lg font-semibold">
        Conversions
      </h2>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">
            Each conversion and what its first and last ipick click earn under each model
          </caption>
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Order
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                ipick clicks
              </th>
              {report.models.map((model) => (
                <th key={model} scope="col" className="px-3 py-2 text-right font-medium">
                  {MODEL_LABELS[model]}: first / last click
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {conversions.map((conversion) => {
              const clicks = [
                ...new Set(
                  Object.values(conversion.credits)
                    .flat()
                    .map((credit) => credit.clickId),
                ),
              ];
              return (
                <tr key={conversion.id} className="border-t border-border">
                  {/* An order id reads as one word: the table scrolls in its box instead. */}
                  <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                    <Link
                      to={`/business/dashboard/journey?orderId=${encodeURIComponent(conversion.orderId)}`}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {conversion.orderId}
                    </Link>
                    <span className="block text-xs text-muted-foreground">
                      {conversion.kind === 'lead' ? 'Lead' : 'Sale'} ·{' '}
                      {new Date(conversion.occurredAt).toLocaleDateString('en-US', {
                        dateStyle: 'medium',
                      })}
                    </span>
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {conversion.kind === 'lead'
                      ? '—'
                      : money(conversion.amountMinor, conversion.currency)}
                    {isRefundedInFull(conversion) ? (
                      <span className="block text-xs text-muted-foreground">
                        Refunded in full · not counted
                      </span>
                    ) : conversion.refundedMinor > 0 ? (
                      <span className="block text-xs text-muted-foreground">
                        {money(conversion.refundedMinor, conversion.currency)} refunded
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{clicks.length}</td>
                  {report.models.map((model) => {
                    const credits = [...(conversion.credits[model] ?? [])].sort(
                      (a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt),
                    );
                    const first = credits[0];
                    const last = credits.at(-1);
                    return (
                      <td key={model} className="px-3 py-2 text-right tabular-nums">
                        {credits.length === 0
                          ? '—'
                          : credits.length === 1
                            ? '100 %'
                            : `${formatShare(first!.share * 100)} % / ${formatShare(last!.share * 100)} %`}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {report.truncated ? (
        <p className="text-sm text-muted-foreground">
          This period holds more than one report can read, so some of its conversions or their
          clicks are missing here; pick a shorter period to see them all.
        </p>
      ) : null}
    </section>
  );
}

function ModelExplanations() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How the models differ</CardTitle>
        <CardDescription>
          A shopper often clicks through ipick more than once before buying: they compare, leave,
          come back days later. Each model is a rule for sharing one purchase between those clicks.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <dl className="grid gap-3 sm:grid-cols-2">
          {(Object.keys(MODEL_EXPLANATIONS) as AttributionModelName[]).map((model) => (
            <div key={model} className="rounded-md border border-border p-3">
              <dt className="font-medium">{MODEL_LABELS[model]}</dt>
              <dd className="text-muted-foreground">{MODEL_EXPLANATIONS[model]}</dd>
            </div>
          ))}
        </dl>
        <p className="text-muted-foreground">
          <strong className="text-foreground">Why the numbers differ.</strong> When every journey
          has one ipick click, all four models agree. They part ways on journeys with several
          clicks: last-click rewards the click that closed the sale, first-click the one that found
          you the shopper, and linear and position-based spread the same purchase over several
          clicks, so each click (and the product or campaign behind it) gets a part. Every model
          hands out the whole of each purchase that followed an ipick click, less its refunds, so
          the credited revenue is the same; what changes is which clicks earn it.
        </p>
      </CardContent>
    </Card>
  );
}

function ReportSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">Loading your attribution…</span>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex items-center gap-3" aria-hidden="true">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-3 flex-1" />
        </div>
      ))}
    </div>
  );
}
