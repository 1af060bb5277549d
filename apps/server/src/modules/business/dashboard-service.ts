import {
  DASHBOARD_BREAKDOWN_LIMIT,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_RANGE_DAYS,
  DASHBOARD_TOP_PRODUCTS,
  type ActivityItem,
  type AnalyticsInterval,
  type AnalyticsPoint,
  type BreakdownDimension,
  type BreakdownRow,
  type DashboardActivity,
  type DashboardActivityQuery,
  type DashboardAnalytics,
  type DashboardAnalyticsQuery,
  type DashboardFigure,
  type DashboardRangeQuery,
  type DashboardRevenueFigure,
  type DashboardSummary,
} from '@ipick/contracts';
import { AppError } from '../../platform/errors.ts';
import {
  ACTIVITY_RANK,
  type ActivityCursor,
  type ActivityRow,
  type ActivityRowType,
  type ClickDayRow,
  type ClickValueRow,
  type ConversionDayRow,
  type DashboardRepository,
  type DaySpan,
} from './dashboard-repository.ts';
import { toAnalyticsCsv } from './analytics-csv.ts';

const DAY_MS = 86_400_000;

/**
 * How long after midnight (UTC) a day stays open: clicks reach the ledger within moments of
 * happening, so a day this long over has all its clicks and can be rolled up for good.
 */
export const ROLLUP_GRACE_MS = 60 * 60 * 1000;

export interface DashboardServiceOptions {
  /** The current time; tests pin it. */
  now?: () => Date;
}

/** An inclusive period of UTC days, checked and with its day span. */
interface Period {
  from: string;
  to: string;
  days: number;
  span: DaySpan;
}

/**
 * The merchant dashboard's figures for the signed-in business: the summary with its comparison
 * to the period before, the merged activity feed and the analytics series and breakdowns.
 * Conversions and revenue are ipick's only: the leads and sales that quote an ipick click's or
 * referral's id within the attribution window, each sale less its refunds
 * (`DashboardRepository.conversionDays`), so the conversion rate is per click ipick sent.
 */
export class DashboardService {
  readonly #repository: DashboardRepository;
  readonly #now: () => Date;

  constructor(repository: DashboardRepository, options: DashboardServiceOptions = {}) {
    this.#repository = repository;
    this.#now = options.now ?? (() => new Date());
  }

  /** Key figures of the period (the last 7 days by default) and of the period just before it. */
  async summary(businessId: string, query: DashboardRangeQuery): Promise<DashboardSummary> {
    const period = this.#period(query);
    const previous: DaySpan = { from: addDays(period.from, -period.days), until: period.from };
    const whole: DaySpan = { from: previous.from, until: period.span.until };
    const openFrom = await this.#rollUp(businessId, whole);

    const [days, products, conversions, hasData] = await Promise.all([
      this.#repository.clickDays(businessId, whole, openFrom),
      this.#repository.clicksBy(
        businessId,
        'product',
        period.span,
        openFrom,
        DASHBOARD_TOP_PRODUCTS,
      ),
      this.#repository.conversionDays(businessId, whole),
      this.#repository.hasData(businessId),
    ]);
    const inCurrent = (day: string) => day >= period.from;
    const clicks = sumClicks(days.filter((row) => inCurrent(row.day)));
    const clicksBefore = sumClicks(days.filter((row) => !inCurrent(row.day)));
    const money = sumConversions(conversions.filter((row) => inCurrent(row.day)));
    const moneyBefore = sumConversions(conversions.filter((row) => !inCurrent(row.day)));

    const currencies = new Set([...money.revenue.keys(), ...moneyBefore.revenue.keys()]);
    const revenue: DashboardRevenueFigure[] = [...currencies]
      .map((currency) => ({
        currency,
        ...figure(money.revenue.get(currency) ?? 0, moneyBefore.revenue.get(currency) ?? 0),
      }))
      .sort(
        (a, b) =>
          (b.current ?? 0) - (a.current ?? 0) ||
          (b.previous ?? 0) - (a.previous ?? 0) ||
          a.currency.localeCompare(b.currency),
      );

    const titles = await this.#repository.productTitles(
      businessId,
      products.map((row) => row.value),
    );
    return {
      period: { from: period.from, to: period.to },
      previousPeriod: { from: previous.from, to: addDays(previous.until, -1) },
      hasData,
      clicks: figure(clicks.clicks, clicksBefore.clicks),
      uniqueShoppers: figure(clicks.uniqueShoppers, clicksBefore.uniqueShoppers),
      conversions: figure(money.conversions, moneyBefore.conversions),
      conversionRate: figure(
        rate(money.conversions, clicks.clicks),
        rate(moneyBefore.conversions, clicksBefore.clicks),
      ),
      revenue,
      topProducts: products.map((row) => {
        const key = row.value === '' ? null : row.value;
        const isOffer = key?.startsWith('offer:') ?? false;
        return {
          productId: key && !isOffer ? key : null,
          offerId: key && isOffer ? key.slice('offer:'.length) : null,
          title: productLabel(row.value, titles),
          clicks: row.clicks,
          uniqueShoppers: row.uniqueShoppers,
          share: clicks.clicks === 0 ? 0 : row.clicks / clicks.clicks,
        };
      }),
    };
  }

  /** Clicks, conversions and revenue per day or week, and clicks by five dimensions. */
  async analytics(businessId: string, query: DashboardAnalyticsQuery): Promise<DashboardAnalytics> {
    const period = this.#period(query);
    const openFrom = await this.#rollUp(businessId, period.span);
    const dimensions: BreakdownDimension[] = ['product', 'page', 'device', 'country', 'campaign'];
    const [days, conversions, ...breakdownRows] = await Promise.all([
      this.#repository.clickDays(businessId, period.span, openFrom),
      this.#repository.conversionDays(businessId, period.span),
      ...dimensions.map((dimension) =>
        this.#repository.clicksBy(
          businessId,
          dimension,
          period.span,
          openFrom,
          DASHBOARD_BREAKDOWN_LIMIT,
        ),
      ),
    ]);
    const series = buildSeries(period, query.interval, days, conversions);
    const totalClicks = sumClicks(days);
    const totalMoney = sumConversions(conversions);
    const titles = await this.#repository.productTitles(
      businessId,
      breakdownRows[0]!.map((row) => row.value),
    );
    const breakdown = (index: number) =>
      breakdownRows[index]!.map((row) =>
        toBreakdownRow(dimensions[index]!, row, totalClicks.clicks, titles),
      );
    return {
      period: { from: period.from, to: period.to },
      interval: query.interval,
      currencies: [...totalMoney.revenue.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([currency]) => currency),
      series,
      totals: {
        clicks: totalClicks.clicks,
        uniqueShoppers: totalClicks.uniqueShoppers,
        conversions: totalMoney.conversions,
        revenue: Object.fromEntries(totalMoney.revenue),
      },
      breakdowns: {
        product: breakdown(0),
        page: breakdown(1),
        device: breakdown(2),
        country: breakdown(3),
        campaign: breakdown(4),
      },
    };
  }

  /** The analytics as one CSV table, for a spreadsheet. */
  async analyticsCsv(
    businessId: string,
    query: DashboardAnalyticsQuery,
  ): Promise<{ filename: string; csv: string }> {
    const analytics = await this.analytics(businessId, query);
    return {
      filename: `ipick-analytics-${analytics.period.from}-to-${analytics.period.to}.csv`,
      csv: toAnalyticsCsv(analytics),
    };
  }

  /** Clicks, tracked events and conversions, newest first, older than `after` when given. */
  async activity(businessId: string, query: DashboardActivityQuery): Promise<DashboardActivity> {
    const cursor = query.after === undefined ? null : decodeCursor(query.after);
    const types: ActivityRowType[] = query.type ? [query.type] : ['click', 'event', 'conversion'];
    const rows = await this.#repository.activity(businessId, {
      types,
      cursor,
      limit: query.limit,
    });
    const last = rows.at(-1);
    return {
      items: rows.map(toActivityItem),
      nextCursor: rows.length === query.limit && last ? encodeCursor(last) : null,
    };
  }

  /** Checks the asked period (UTC days, both included); 7 days to today when not given. */
  #period(query: DashboardRangeQuery): Period {
    const today = this.#now().toISOString().slice(0, 10);
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
    if (from > to) throw new AppError('invalid_request', 'from: must not be after to');
    const days = daysBetween(from, to) + 1;
    if (days > DASHBOARD_MAX_RANGE_DAYS) {
      throw new AppError(
        'invalid_request',
        `to: the period is ${days} days long; it can be at most ${DASHBOARD_MAX_RANGE_DAYS} days`,
      );
    }
    return { from, to, days, span: { from, until: addDays(to, 1) } };
  }

  /** Rolls up the closed days of `span` not rolled up yet; returns the first open day. */
  async #rollUp(businessId: string, span: DaySpan): Promise<string> {
    const openFrom = new Date(this.#now().getTime() - ROLLUP_GRACE_MS).toISOString().slice(0, 10);
    await this.#repository.ensureRollups(businessId, {
      from: span.from,
      until: minDay(span.until, openFrom),
    });
    return openFrom;
  }
}

// ---- figures ----

function figure(current: number | null, previous: number | null): DashboardFigure {
  const change =
    current === null || previous === null || previous === 0
      ? null
      : (current - previous) / previous;
  return { current, previous, change };
}

function rate(conversions: number, clicks: number): number | null {
  return clicks === 0 ? null : conversions / clicks;
}

function sumClicks(rows: ClickDayRow[]): { clicks: number; uniqueShoppers: number } {
  let clicks = 0;
  let uniqueShoppers = 0;
  for (const row of rows) {
    clicks += row.clicks;
    uniqueShoppers += row.uniqueShoppers;
  }
  return { clicks, uniqueShoppers };
}

/** ipick's leads and sales are its conversions; revenue is its sales less their refunds. */
function sumConversions(rows: ConversionDayRow[]): {
  conversions: number;
  revenue: Map<string, number>;
} {
  let conversions = 0;
  const revenue = new Map<string, number>();
  for (const row of rows) {
    conversions += row.count;
    if (row.kind !== 'sale' || row.currency === null) continue;
    revenue.set(row.currency, (revenue.get(row.currency) ?? 0) + row.amountMinor);
  }
  return { conversions, revenue };
}

function buildSeries(
  period: Period,
  interval: AnalyticsInterval,
  days: ClickDayRow[],
  conversions: ConversionDayRow[],
): AnalyticsPoint[] {
  const points = new Map<string, AnalyticsPoint>();
  const bucketOf = (day: string) => (interval === 'day' ? day : maxDay(period.from, mondayOf(day)));
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const start = bucketOf(day);
    if (!points.has(start)) {
      points.set(start, { start, clicks: 0, uniqueShoppers: 0, conversions: 0, revenue: {} });
    }
  }
  for (const row of days) {
    const point = points.get(bucketOf(row.day));
    if (!point) continue;
    point.clicks += row.clicks;
    point.uniqueShoppers += row.uniqueShoppers;
  }
  for (const row of conversions) {
    const point = points.get(bucketOf(row.day));
    if (!point) continue;
    const { conversions: count, revenue } = sumConversions([row]);
    point.conversions += count;
    for (const [currency, amount] of revenue) {
      point.revenue[currency] = (point.revenue[currency] ?? 0) + amount;
    }
  }
  return [...points.values()];
}

// ---- labels ----

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function productLabel(key: string, titles: Map<string, string>): string {
  if (key === '') return 'Links without a product';
  return titles.get(key) ?? 'A product no longer in the catalog';
}

function toBreakdownRow(
  dimension: BreakdownDimension,
  row: ClickValueRow,
  totalClicks: number,
  titles: Map<string, string>,
): BreakdownRow {
  const key = row.value === '' ? null : row.value;
  return {
    key,
    label: breakdownLabel(dimension, row.value, titles),
    clicks: row.clicks,
    uniqueShoppers: row.uniqueShoppers,
    share: totalClicks === 0 ? 0 : row.clicks / totalClicks,
  };
}

function breakdownLabel(
  dimension: BreakdownDimension,
  value: string,
  titles: Map<string, string>,
): string {
  switch (dimension) {
    case 'product':
      return productLabel(value, titles);
    case 'page':
      return value;
    case 'device':
      return value === '' ? 'Unknown device' : value[0]!.toUpperCase() + value.slice(1);
    case 'country': {
      if (value === '') return 'Unknown country';
      try {
        return regionNames.of(value) ?? value;
      } catch {
        return value;
      }
    }
    case 'campaign':
      return value === '' ? 'No campaign' : value;
  }
}

// ---- activity ----

function toActivityItem(row: ActivityRow): ActivityItem {
  const at = row.at.toISOString();
  switch (row.type) {
    case 'click':
      return {
        type: 'click',
        id: row.id,
        at,
        productTitle: row.label,
        targetUrl: row.detail ?? '',
        page: row.page,
        utmCampaign: row.campaign,
        deviceType: row.device,
        country: row.country,
      };
    case 'event':
      return {
        type: 'event',
        id: row.id,
        at,
        eventType: row.label ?? '',
        url: row.detail,
        attributed: row.attributed,
        orderId: row.orderId,
        amountMinor: row.amountMinor,
        currency: row.currency,
      };
    case 'conversion':
      return {
        type: 'conversion',
        id: row.id,
        at,
        kind: row.label as 'lead' | 'sale' | 'refund',
        orderId: row.orderId ?? '',
        amountMinor: row.amountMinor ?? 0,
        currency: row.currency,
        source: row.source as 'server' | 'browser',
        attributed: row.attributed,
      };
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The feed's position after `row`: its time to the microsecond, its type and its id. */
function encodeCursor(row: ActivityRow): string {
  return Buffer.from(JSON.stringify([row.atText, ACTIVITY_RANK[row.type], row.id])).toString(
    'base64url',
  );
}

function decodeCursor(value: string): ActivityCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [atText, rank, id] = parsed as unknown[];
      if (
        typeof atText === 'string' &&
        timePattern.test(atText) &&
        !Number.isNaN(Date.parse(atText)) &&
        (rank === 1 || rank === 2 || rank === 3) &&
        typeof id === 'string' &&
        uuidPattern.test(id)
      ) {
        return { atText, rank, id };
      }
    }
  } catch {
    // Not base64url JSON: refused below like any other foreign value.
  }
  throw new AppError('invalid_request', 'query.after: must be the nextCursor of an earlier answer');
}

// ---- days ----

function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}
