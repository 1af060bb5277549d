import { formatMoney } from '@ipick/core';
import { lazy, Suspense, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { usePriceHistory } from '../api/get-price-history';

// recharts stays out of the results page's first load: the chart's chunk loads on first open.
const PriceHistoryChart = lazy(() => import('./price-history-chart'));

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/**
 * "Price history" under an offer: closed at first, it loads the prices ipick saw and draws
 * them when opened, with the lowest of the last 90 days in words (for everyone) and on the chart.
 */
export function PriceHistory({ offerId }: { offerId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const history = usePriceHistory(offerId, isOpen);

  return (
    <details className="text-sm" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground hover:text-foreground">
        Price history
      </summary>
      <div className="mt-2 flex flex-col gap-2">
        {!isOpen ? null : history.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : history.isError ? (
          <p role="alert">
            {toErrorMessage(history.error, 'We could not load the price history.')}
          </p>
        ) : history.data.currency === null || history.data.points.length === 0 ? (
          <p className="text-muted-foreground">ipick has not seen a price for this offer yet.</p>
        ) : (
          <>
            <p>
              {history.data.lowest90Days
                ? `Lowest in 90 days: ${formatMoney(history.data.lowest90Days.priceMinor, history.data.currency)} (${dateFormat.format(Date.parse(history.data.lowest90Days.at))})`
                : null}
              {history.data.points.length === 1
                ? ` · ipick has seen one price since ${dateFormat.format(Date.parse(history.data.points[0]!.at))}`
                : ` · ${history.data.points.length} prices seen since ${dateFormat.format(Date.parse(history.data.points[0]!.at))}`}
            </p>
            {history.data.points.length > 1 ? (
              <Suspense fallback={<Skeleton className="h-32 w-full" />}>
                <PriceHistoryChart history={{ ...history.data, currency: history.data.currency }} />
              </Suspense>
            ) : null}
          </>
        )}
      </div>
    </details>
  );
}
