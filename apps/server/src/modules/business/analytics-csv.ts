import { BREAKDOWN_DIMENSIONS, type DashboardAnalytics } from '@ipick/contracts';

/**
 * A text cell as a spreadsheet should read it: a cell starting with `=`, `+`, `-`, `@` (or a
 * tab or carriage return) would be run as a formula, so it gets a leading `'` (CSV injection);
 * a cell with a comma, quote or line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvTextCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units as a decimal amount of `currency` (e.g. 12345 USD → 123.45). */
export function majorAmount(amountMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two decimals, the common case.
  }
  const sign = amountMinor < 0 ? '-' : '';
  const units = Math.abs(amountMinor);
  if (digits === 0) return `${sign}${units}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(units / scale)}.${String(units % scale).padStart(digits, '0')}`;
}

/**
 * The analytics as one table: a `series` row per day or week (clicks, unique shoppers,
 * conversions and revenue per currency), then a row per breakdown value, its section naming
 * the breakdown. Lines end in CRLF.
 */
export function toAnalyticsCsv(analytics: DashboardAnalytics): string {
  const currencies = analytics.currencies;
  const header = [
    'section',
    'period_start',
    'key',
    'label',
    'clicks',
    'unique_shoppers',
    'share_of_clicks',
    'conversions',
    ...currencies.map((currency) => `revenue_${currency}`),
  ];
  const lines: string[][] = [header.map(csvTextCell)];
  for (const point of analytics.series) {
    lines.push([
      'series',
      point.start,
      '',
      '',
      String(point.clicks),
      String(point.uniqueShoppers),
      '',
      String(point.conversions),
      ...currencies.map((currency) => majorAmount(point.revenue[currency] ?? 0, currency)),
    ]);
  }
  for (const dimension of BREAKDOWN_DIMENSIONS) {
    for (const row of analytics.breakdowns[dimension]) {
      lines.push([
        dimension,
        '',
        csvTextCell(row.key ?? ''),
        csvTextCell(row.label),
        String(row.clicks),
        String(row.uniqueShoppers),
        row.share.toFixed(4),
        '',
        ...currencies.map(() => ''),
      ]);
    }
  }
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
