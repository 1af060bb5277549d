import type { AnalyticsInterval, DashboardRangeQuery } from '@ipick/contracts';

/** `?from=…&to=…[&interval=…]` for the parts that are set, or '' when none is. */
export function rangeSearch(range: DashboardRangeQuery & { interval?: AnalyticsInterval }): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  if (range.interval) params.set('interval', range.interval);
  const search = params.toString();
  return search ? `?${search}` : '';
}
