import type { JourneyResponse, JourneyStepView } from '@ipick/contracts';
import { formatMoney, isRefundedInFull } from '@ipick/core';
import { Eye, MousePointerClick, ShoppingBag, Undo2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { UrlText } from '@/components/ui/url-text';
import { ApiError } from '@/lib/api-client';
import { toErrorMessage } from '@/lib/error-message';
import { useJourney } from '../api/get-journey';

const MODEL_LABELS = {
  last_click: 'Last click',
  first_click: 'First click',
  linear: 'Linear',
  position_based: 'Position-based',
} as const;

const EVENT_LABELS: Record<string, string> = {
  page_view: 'Visited a page',
  add_to_cart: 'Added to cart',
  purchase: 'Purchase reported by the snippet',
};

function formatTime(value: string): string {
  return new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

type ConversionStep = Extract<JourneyStepView, { type: 'conversion' }>;
type Attribution = JourneyResponse['attribution'][number];

const CONVERSION_TITLES = { sale: 'Purchase', lead: 'Sign-up (lead)', refund: 'Refund' } as const;

function conversionAmount(step: ConversionStep): string | null {
  return step.currency && step.kind !== 'lead'
    ? formatMoney(step.amountMinor, step.currency)
    : null;
}

interface StepDescription {
  icon: ReactNode;
  title: string;
  detail: string;
  /** The shop page of the step, shown shortened on its own line. */
  url: string | null;
}

function describeStep(step: JourneyStepView): StepDescription {
  if (step.type === 'click') {
    return {
      icon: <MousePointerClick />,
      title: `ipick click${step.productName ? `: ${step.productName}` : ''}`,
      detail: [
        step.source === 'redirect' ? 'From an ipick results page' : 'Referral-tracking call',
        step.utmCampaign ? `campaign ${step.utmCampaign}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      url: step.targetUrl,
    };
  }
  if (step.type === 'event') {
    return {
      icon: <Eye />,
      title: EVENT_LABELS[step.eventType] ?? `Event: ${step.eventType}`,
      detail: '',
      url: step.url,
    };
  }
  const amount = conversionAmount(step);
  return {
    icon:
      step.kind === 'refund' ? <Undo2 /> : step.kind === 'lead' ? <UserPlus /> : <ShoppingBag />,
    title: `${CONVERSION_TITLES[step.kind]}${amount ? ` ${amount}` : ''}`,
    detail: `Order ${step.orderId} · reported by your ${step.source === 'server' ? 'server' : 'shop page'}`,
    url: null,
  };
}

/** One order's journey: ipick clicks, visits and conversions in time order, and the credit. */
export function JourneyTimeline({ orderId }: { orderId: string }) {
  const journey = useJourney(orderId);
  if (journey.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading the journey…</span>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-14 w-full" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (journey.isError) {
    const isUnknown = journey.error instanceof ApiError && journey.error.status === 404;
    return (
      <ErrorState
        title={isUnknown ? `No order ${orderId}` : 'We could not load this journey'}
        message={
          isUnknown
            ? 'Your shop has not reported an order with this id. Check the id, or search for part of it.'
            : toErrorMessage(journey.error, 'Something went wrong. Please try again.')
        }
        onRetry={isUnknown ? undefined : () => void journey.refetch()}
        isRetrying={journey.isFetching}
      />
    );
  }
  return <Timeline journey={journey.data} />;
}

function Timeline({ journey }: { journey: JourneyResponse }) {
  const clicks = journey.steps.filter((step) => step.type === 'click').length;
  const visits = journey.steps.filter((step) => step.type === 'event').length;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {clicks} ipick click{clicks === 1 ? '' : 's'}, {visits} tracked visit
        {visits === 1 ? '' : 's'} or event{visits === 1 ? '' : 's'}. Clicks count toward a purchase
        for {journey.windowDays} day{journey.windowDays === 1 ? '' : 's'}.
      </p>
      <ol aria-label={`Journey of order ${journey.orderId}`} className="flex flex-col">
        {journey.steps.map((step, index) => {
          const { icon, title, detail, url } = describeStep(step);
          return (
            <li key={`${step.type}-${step.id}`} className="relative flex gap-3 pb-5">
              {index < journey.steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className="absolute top-8 bottom-0 left-4 w-px -translate-x-1/2 bg-border"
                />
              ) : null}
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-4"
              >
                {icon}
              </span>
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-x-2 font-medium">
                  {title}
                  {step.type === 'conversion' && step.orderId === journey.orderId ? (
                    <Badge variant="success">This order</Badge>
                  ) : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={step.occurredAt}>{formatTime(step.occurredAt)}</time>
                </p>
                {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
                {url ? <UrlText url={url} className="text-sm text-muted-foreground" /> : null}
              </div>
            </li>
          );
        })}
      </ol>
      {journey.attribution.length > 0 ? <Credits journey={journey} /> : null}
    </div>
  );
}

/**
 * Who gets the credit: for the order asked for first, then, folded away and each named, for
 * the shopper's other conversions the journey holds.
 */
function Credits({ journey }: { journey: JourneyResponse }) {
  const clickNumber = new Map(
    journey.steps
      .filter((step) => step.type === 'click')
      .map((step, index) => [step.id, index + 1] as const),
  );
  const conversions = new Map(
    journey.steps
      .filter((step): step is ConversionStep => step.type === 'conversion')
      .map((step) => [step.id, step] as const),
  );
  const entries = journey.attribution.flatMap((entry) => {
    const conversion = conversions.get(entry.conversionId);
    return conversion ? [{ entry, conversion }] : [];
  });
  const own = entries.filter(({ conversion }) => conversion.orderId === journey.orderId);
  const others = entries.filter(({ conversion }) => conversion.orderId !== journey.orderId);
  return (
    <>
      {own.length > 0 ? (
        <section aria-labelledby="journey-credit-heading" className="flex flex-col gap-2">
          <h2 id="journey-credit-heading" className="text-lg font-semibold break-all">
            Who gets the credit for order {journey.orderId}
          </h2>
          {own.map(({ entry, conversion }) => (
            <CreditTable
              key={entry.conversionId}
              entry={entry}
              conversion={conversion}
              clickNumber={clickNumber}
            />
          ))}
        </section>
      ) : null}
      {others.length > 0 ? (
        <section aria-labelledby="other-conversions-heading" className="flex flex-col gap-2">
          <h2 id="other-conversions-heading" className="text-lg font-semibold">
            The shopper&apos;s other conversions
          </h2>
          <p className="text-sm text-muted-foreground">
            The same shopper also made {others.length === 1 ? 'this conversion' : 'these'}, in the
            journey above. Each has its own credit.
          </p>
          {others.map(({ entry, conversion }) => (
            <details key={entry.conversionId} className="rounded-lg border border-border">
              <summary className="cursor-pointer px-3 py-2 text-sm font-medium break-all">
                {describeConversion(conversion, entry)}
              </summary>
              <div className="flex flex-col gap-2 border-t border-border p-3">
                <CreditTable entry={entry} conversion={conversion} clickNumber={clickNumber} />
                <Link
                  to={`?orderId=${encodeURIComponent(conversion.orderId)}`}
                  className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  Open the journey of order {conversion.orderId}
                </Link>
              </div>
            </details>
          ))}
        </section>
      ) : null}
    </>
  );
}

/** "Purchase $119.00 · order ORDER-1001 · refunded in full" */
function describeConversion(conversion: ConversionStep, entry: Attribution): string {
  const amount = conversionAmount(conversion);
  const parts = [
    `${CONVERSION_TITLES[conversion.kind]}${amount ? ` ${amount}` : ''}`,
    `order ${conversion.orderId}`,
  ];
  const refund = { ...conversion, refundedMinor: entry.refundedMinor };
  if (isRefundedInFull(refund)) parts.push('refunded in full, so no credit');
  else if (entry.refundedMinor > 0 && conversion.currency) {
    parts.push(`${formatMoney(entry.refundedMinor, conversion.currency)} refunded`);
  }
  return parts.join(' · ');
}

function CreditTable({
  entry,
  conversion,
  clickNumber,
}: {
  entry: Attribution;
  conversion: ConversionStep;
  clickNumber: Map<string, number>;
}) {
  const showsAmount = conversion.kind === 'sale' && conversion.currency !== null;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm text-muted-foreground break-all">
          {describeConversion(conversion, entry)}
        </caption>
        <thead className="bg-muted text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Model
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Credited clicks
            </th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(MODEL_LABELS) as (keyof typeof MODEL_LABELS)[]).map((model) => {
            const credits = entry.credits[model] ?? [];
            return (
              <tr key={model} className="border-t border-border">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {MODEL_LABELS[model]}
                </th>
                <td className="px-3 py-2">
                  {credits.length === 0
                    ? 'No ipick click within the window'
                    : credits
                        .map(
                          (credit) =>
                            `click ${clickNumber.get(credit.clickId) ?? '?'}: ${Math.round(credit.share * 100)} %${
                              showsAmount
                                ? ` (${formatMoney(credit.amountMinor, conversion.currency!)})`
                                : ''
                            }`,
                        )
                        .join(', ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
