import {
  DASHBOARD_BREAKDOWN_LIMIT,
  type AnalyticsInterval,
  type BreakdownDimension,
  type DashboardAnalytics as Analytics,
} from '@ipick/contracts';
import { ChartLine, Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type DotItemDotProps,
} from 'recharts';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { toErrorMessage } from '@/lib/error-message';
import { analyticsCsvUrl, useDashboardAnalytics } from '../api/get-dashboard-analytics';
import { formatAmount, formatCount, formatPercent } from '../utils/format';
import { formatDay, presetPeriod, toRangeQuery, type Period } from '../utils/period';
import { IpickConversionsNote } from './ipick-conversions-note';
import { PeriodPicker } from './period-picker';

const BREAKDOWN_TABS: { value: BreakdownDimension; label: string; column: string }[] = [
  { value: 'product', label: 'Product', column: 'Product' },
  { value: 'page', label: 'Page', column: 'Page of your shop' },
  { value: 'device', label: 'Device', column: 'Device' },
  { value: 'country', label: 'Country', column: 'Country' },
  { value: 'campaign', label: 'Campaign', column: 'UTM campaign' },
];

/** Charts of clicks, conversions and revenue over a period, breakdowns, and a CSV export. */
export function DashboardAnalytics() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod('30'));
  const [interval, setGroupBy] = useState<AnalyticsInterval>('day');
  const query = { ...toRangeQuery(period), interval };
  const analytics = useDashboardAnalytics(query);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <PeriodPicker value={period} onChange={setPeriod} />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="analytics-interval">Group by</Label>
            <NativeSelect
              id="analytics-interval"
              value={interval}
              onChange={(event) => setGroupBy(event.target.value as AnalyticsInterval)}
              className="sm:w-32"
            >
              <option value="day">Day</option>
              <option value="week">Week</option>
            </NativeSelect>
          </div>
        </div>
        <a
          href={analyticsCsvUrl(query)}
          download
          className={buttonVariants({ variant: 'outline' })}
        >
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>
      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : analytics.isError ? (
        <ErrorState
          title="We could not load your analytics"
          message={toErrorMessage(analytics.error, 'Something went wrong. Please try again.')}
          onRetry={() => void analytics.refetch()}
          isRetrying={analytics.isFetching}
        />
      ) : analytics.data.totals.clicks === 0 && analytics.data.totals.conversions === 0 ? (
        <EmptyState
          icon={<ChartLine />}
          title="Nothing to chart in this period"
          description="Charts fill in as ipick sends shoppers to your shop and your shop reports its sales. Try a longer period, or check that your shop is integrated."
          actions={
            <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
              Integrate your shop
            </Link>
          }
        />
      ) : (
        <AnalyticsCharts analytics={analytics.data} isUpdating={analytics.isPlaceholderData} />
      )}
    </div>
  );
}

function AnalyticsCharts({ analytics, isUpdating }: { analytics: Analytics; isUpdating: boolean }) {
  const [dimension, setDimension] = useState<BreakdownDimension>('product');
  const currency = analytics.currencies[0] ?? null;
  const points = analytics.series.map((point) => ({
    label: formatDay(point.start),
    clicks: point.clicks,
    uniqueShoppers: point.uniqueShoppers,
    conversions: point.conversions,
    revenue: currency ? (point.revenue[currency] ?? 0) / 100 : 0,
  }));
  const tab = BREAKDOWN_TABS.find((item) => item.value === dimension)!;
  const rows = analytics.breakdowns[dimension];

  return (
    <div
      aria-busy={isUpdating}
      className={isUpdating ? 'flex flex-col gap-6 opacity-60' : 'flex flex-col gap-6'}
    >
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Total label="Clicks" value={formatCount(analytics.totals.clicks)} />
        <Total label="Unique shoppers" value={formatCount(analytics.totals.uniqueShoppers)} />
        <Total label="Conversions" value={formatCount(analytics.totals.conversions)} />
        <Total
          label="Revenue"
          value={
            analytics.currencies.length === 0
              ? '—'
              : analytics.currencies
                  .map((code) => formatAmount(analytics.totals.revenue[code] ?? 0, code))
                  .join(' · ')
          }
        />
      </dl>
      <IpickConversionsNote />
      <Card>
        <CardHeader>
          <CardTitle>Clicks and conversions</CardTitle>
          <CardDescription>
            Per {analytics.interval === 'day' ? 'day' : 'week'}, {formatDay(analytics.period.from)}{' '}
            to {formatDay(analytics.period.to)} (UTC).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <figure aria-label="Clicks and conversions over time" className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
                <Tooltip />
                <Legend />
                {/* Conversions are drawn dashed with smaller dots over the wider clicks line, so
                    both stay visible where they are equal; dots mark each day with a value, so a
                    single day shows too. */}
                <Line
                  type="monotone"
                  dataKey="clicks"
                  name="Clicks"
                  stroke="#0f766e"
                  strokeWidth={3}
                  dot={markPoint(4, '#0f766e')}
                  activeDot={{ r: 6 }}
                  isAnimationActive={false}
                />
                <Line
                  type="monotone"
                  dataKey="conversions"
                  name="Conversions"
                  stroke="#b45309"
                  strokeWidth={2}
                  strokeDasharray="6 4"
                  dot={markPoint(2.5, '#b45309')}
                  activeDot={{ r: 4 }}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </figure>
        </CardContent>
      </Card>
      {currency ? (
        <Card>
          <CardHeader>
            <CardTitle>Revenue</CardTitle>
            <CardDescription>
              Sales less their refunds, on the day of each sale, in {currency}
              {analytics.currencies.length > 1 ? '; the CSV export has every currency' : ''}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <figure aria-label={`Revenue in ${currency} over time`} className="h-56">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                  <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
                  <YAxis tick={{ fontSize: 12 }} width={56} />
                  <Tooltip
                    formatter={(value) => formatAmount(Math.round(Number(value) * 100), currency)}
                  />
                  {/* Drawn at once: figures should not move (nor be caught half-grown). */}
                  <Bar
                    dataKey="revenue"
                    name={`Revenue (${currency})`}
                    fill="#0f766e"
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </figure>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Where the clicks went</CardTitle>
          <CardDescription>
            Largest first, up to {DASHBOARD_BREAKDOWN_LIMIT} in each breakdown.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <TabList
            label="Breakdown"
            items={BREAKDOWN_TABS}
            value={dimension}
            onValueChange={setDimension}
            idPrefix="breakdown"
          />
          <TabPanel idPrefix="breakdown" value={dimension}>
            {rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">No clicks in this period.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">Clicks by {tab.label.toLowerCase()}</caption>
                  <thead>
                    <tr className="border-b border-border text-left text-muted-foreground">
                      <th scope="col" className="py-2 pr-3 font-medium">
                        {tab.column}
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Clicks
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Unique shoppers
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Share
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.key ?? 'none'} className="border-b border-border last:border-0">
                        <th scope="row" className="py-2 pr-3 text-left font-normal">
                          {/* Table cells ignore max-width; a block inside them does not. */}
                          <span className="block max-w-36 truncate sm:max-w-64" title={row.label}>
                            {row.label}
                          </span>
                        </th>
                        <td className="py-2 pr-3 text-right tabular-nums">
                          {formatCount(row.clicks)}
                        </td>
                        <td className="py-2 pr-3 text-right tabular-nums">
                          {formatCount(row.uniqueShoppers)}
                        </td>
                        <td className="py-2 text-right tabular-nums">{formatPercent(row.share)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </TabPanel>
        </CardContent>
      </Card>
    </div>
  );
}

/** A chart dot only where the value is above zero; empty days stay a plain line. */
function markPoint(radius: number, color: string) {
  function PointMark({ cx, cy, value, index }: DotItemDotProps) {
    return typeof cx === 'number' && typeof cy === 'number' && Number(value) > 0 ? (
      <circle key={index} cx={cx} cy={cy} r={radius} fill={color} />
    ) : (
      <g key={index} />
    );
  }
  return PointMark;
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function AnalyticsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading your analytics…</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
      <Skeleton aria-hidden="true" className="h-72" />
      <Skeleton aria-hidden="true" className="h-64" />
    </div>
  );
}
