import type { AdminFigures, AdminOverviewDay } from '@ipick/contracts';
import { useId, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useAdminOverview } from '../api/get-overview';

const figureLabels: Record<keyof AdminFigures, string> = {
  shoppers: 'New shoppers',
  merchants: 'New merchants',
  comparisons: 'Comparisons',
  clicks: 'Clicks',
  conversions: 'Conversions',
};
const figureNames = Object.keys(figureLabels) as (keyof AdminFigures)[];
const periods = [7, 30, 90] as const;

const numberFormat = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** ipick's figures: totals per period and all time, and a day-by-day chart of one of them. */
export function OverviewPanel() {
  const [days, setDays] = useState<number>(30);
  const [figure, setFigure] = useState<keyof AdminFigures>('comparisons');
  const query = useAdminOverview(days);
  const periodId = useId();
  const figureId = useId();

  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="overview-heading" className="text-lg font-semibold">
          Overview
        </h2>
        <div className="flex flex-col gap-2">
          <Label htmlFor={periodId}>Period</Label>
          <NativeSelect
            id={periodId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {periods.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {query.isPending ? (
        <OverviewSkeleton />
      ) : query.isError ? (
        <ErrorState
          title="We could not load the overview"
          message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        <>
          <ul aria-label="Figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {figureNames.map((name) => (
              <li key={name}>
                <Card className="h-full">
                  <CardHeader className="pb-2">
                    <CardTitle className="text-sm font-medium text-muted-foreground">
                      {figureLabels[name]}
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-2xl font-semibold tabular-nums">
                      {numberFormat.format(query.data.periodTotals[name])}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {numberFormat.format(query.data.totals[name])} all time
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h3 className="font-medium">
                {figureLabels[figure]} per day, last {query.data.days} days
              </h3>
              <div className="flex flex-col gap-2">
                <Label htmlFor={figureId}>Chart</Label>
                <NativeSelect
                  id={figureId}
                  value={figure}
                  onChange={(event) => setFigure(event.target.value as keyof AdminFigures)}
                >
                  {figureNames.map((name) => (
                    <option key={name} value={name}>
                      {figureLabels[name]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <DayBars series={query.data.series} figure={figure} />
          </div>
        </>
      )}
    </section>
  );
}

/** Plain CSS bars, one per day; the same numbers are in a table for screen readers. */
function DayBars({ series, figure }: { series: AdminOverviewDay[]; figure: keyof AdminFigures }) {
  const highest = Math.max(1, ...series.map((day) => day[figure]));
  const label = figureLabels[figure];
  return (
    <>
      <div aria-hidden="true" className="flex h-40 items-end gap-px sm:gap-0.5">
        {series.map((day) => (
          <div
            key={day.day}
            title={`${dayFormat.format(new Date(day.day))}: ${numberFormat.format(day[figure])}`}
            className="flex-1 rounded-t-sm bg-primary/80 transition-[height] hover:bg-primary"
            style={{
              height: `${Math.max(day[figure] === 0 ? 0 : 2, (day[figure] / highest) * 100)}%`,
            }}
          />
        ))}
      </div>
      <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>{series[0] ? dayFormat.format(new Date(series[0].day)) : ''}</span>
        <span>{series.at(-1) ? dayFormat.format(new Date(series.at(-1)!.day)) : ''}</span>
      </div>
      {/* A table cannot shrink to sr-only's 1px box and would leave blank scroll; its wrapper can. */}
      <div className="sr-only">
        <table>
          <caption>{label} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((day) => (
              <tr key={day.day}>
                <td>{dayFormat.format(new Date(day.day))}</td>
                <td>{day[figure]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading the overview…</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figureNames.map((name) => (
          <Skeleton key={name} className="h-24" />
        ))}
      </div>
      <Skeleton aria-hidden="true" className="h-56" />
    </div>
  );
}
