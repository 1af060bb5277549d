import { z } from 'zod';

/**
 * The merchant dashboard's figures (spec §1 "a dashboard for … activity, analytics"):
 * `/api/business/dashboard/summary`, `/activity`, `/analytics` and `/analytics.csv`. Clicks are
 * ipick's outbound clicks to the business's shop (bots left out); conversions are the leads and
 * sales the business reported that quote the referral or click id of an ipick click or referral
 * call within the business's attribution window, less sales refunded in full; revenue is those
 * sales less their refunds, on the sale's day. Days are UTC days.
 */

/** The default period of the summary and analytics: the last 7 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 7;
/** The longest period one dashboard query covers. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;
/** How many products the summary's top list shows. */
export const DASHBOARD_TOP_PRODUCTS = 5;
/** How many rows each analytics breakdown lists, the largest first. */
export const DASHBOARD_BREAKDOWN_LIMIT = 25;

/**
 * The days a report may ask about. Far dates would only make the period before them, or the
 * day after, fall off the calendar (year 0, year 10000); ipick has no figures there anyway.
 */
export const REPORT_FIRST_DAY = '2000-01-01';
export const REPORT_LAST_DAY = '2100-12-31';

/** Whether an ISO date or date-time falls within the days a report may ask about. */
export function isWithinReportDays(value: string): boolean {
  const time = Date.parse(value);
  return (
    !Number.isNaN(time) &&
    time >= Date.parse(`${REPORT_FIRST_DAY}T00:00:00Z`) &&
    time < Date.parse(`${REPORT_LAST_DAY}T00:00:00Z`) + 24 * 60 * 60 * 1000
  );
}

export const reportDaysMessage = (name: string) =>
  `${name} must be from ${REPORT_FIRST_DAY} to ${REPORT_LAST_DAY}`;

const dayParameter = (name: string) =>
  z.iso
    .date({ message: `${name} must be a date such as 2025-01-31` })
    .refine(isWithinReportDays, reportDaysMessage(name));

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: both days included; `to` defaults to today (UTC). */
export const dashboardRangeQuerySchema = z.object({
  from: dayParameter('from').optional(),
  to: dayParameter('to').optional(),
});
export type DashboardRangeQuery = z.infer<typeof dashboardRangeQuerySchema>;

/** A figure of the period, the same figure for the period of equal length just before it, and the relative change (null when the previous one was 0 or unknown). */
export const dashboardFigureSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardRevenueFigureSchema = dashboardFigureSchema.extend({
  /** ISO 4217; amounts are in its minor units (cents). */
  currency: z.string(),
});
export type DashboardRevenueFigure = z.infer<typeof dashboardRevenueFigureSchema>;

export const dashboardProductSchema = z.object({
  /** The catalog product, or the offer when it has no product; null for links to no product. */
  productId: z.string().nullable(),
  offerId: z.string().nullable(),
  title: z.string(),
  clicks: z.number().int(),
  uniqueShoppers: z.number().int(),
  /** The product's share of the period's clicks, 0..1. */
  share: z.number(),
});
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

export const dashboardPeriodSchema = z.object({ from: z.string(), to: z.string() });

/** `GET /api/business/dashboard/summary` */
export const dashboardSummarySchema = z.object({
  period: dashboardPeriodSchema,
  previousPeriod: dashboardPeriodSchema,
  /** False until ipick has sent the shop a click or the shop has reported anything. */
  hasData: z.boolean(),
  clicks: dashboardFigureSchema,
  /** Distinct visitors per day (the visitor hash changes daily), summed over the days. */
  uniqueShoppers: dashboardFigureSchema,
  /** ipick's leads and sales (see above); a sale refunded in full is none. */
  conversions: dashboardFigureSchema,
  /** ipick's conversions per human click (a lead and a sale may share one); null without clicks. */
  conversionRate: dashboardFigureSchema,
  /** ipick's sales less their refunds, one entry per currency, the largest first. */
  revenue: z.array(dashboardRevenueFigureSchema),
  topProducts: z.array(dashboardProductSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

// ---- Activity: GET /api/business/dashboard/activity?after=&type=&limit= ----

export const activityTypeSchema = z.enum(['click', 'event', 'conversion'], {
  message: "type must be 'click', 'event' or 'conversion'",
});
export type ActivityType = z.infer<typeof activityTypeSchema>;

export const DASHBOARD_ACTIVITY_DEFAULT_LIMIT = 50;
export const DASHBOARD_ACTIVITY_MAX_LIMIT = 200;

export const dashboardActivityQuerySchema = z.object({
  /** The `nextCursor` of the page before: continues with older items. */
  after: z
    .string()
    .max(200, 'after must be the nextCursor of an earlier answer')
    .regex(/^[A-Za-z0-9_-]+$/, 'after must be the nextCursor of an earlier answer')
    .optional(),
  type: activityTypeSchema.optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(DASHBOARD_ACTIVITY_MAX_LIMIT, `limit must be at most ${DASHBOARD_ACTIVITY_MAX_LIMIT}`)
    .default(DASHBOARD_ACTIVITY_DEFAULT_LIMIT),
});
export type DashboardActivityQuery = z.infer<typeof dashboardActivityQuerySchema>;

export const activityItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('click'),
    id: z.string(),
    /** When it reached ipick (ISO time). */
    at: z.string(),
    productTitle: z.string().nullable(),
    targetUrl: z.string(),
    /** The ipick page the shopper clicked on. */
    page: z.string().nullable(),
    utmCampaign: z.string().nullable(),
    deviceType: z.string().nullable(),
    country: z.string().nullable(),
  }),
  z.object({
    type: z.literal('event'),
    id: z.string(),
    at: z.string(),
    eventType: z.string(),
    url: z.string().nullable(),
    /** It carried the referral or click id of a click ipick recorded for this business. */
    attributed: z.boolean(),
    orderId: z.string().nullable(),
    amountMinor: z.number().int().nullable(),
    currency: z.string().nullable(),
  }),
  z.object({
    type: z.literal('conversion'),
    id: z.string(),
    at: z.string(),
    kind: z.enum(['lead', 'sale', 'refund']),
    orderId: z.string(),
    amountMinor: z.number().int(),
    currency: z.string().nullable(),
    source: z.enum(['server', 'browser']),
    /**
     * It quoted the referral or click id of a click ipick recorded for this business, made
     * within the attribution window before it: what Home and Analytics count.
     */
    attributed: z.boolean(),
  }),
]);
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** Newest first; `nextCursor` (null at the end) goes in `after` for older items. */
export const dashboardActivitySchema = z.object({
  items: z.array(activityItemSchema),
  nextCursor: z.string().nullable(),
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

// ---- Analytics: GET /api/business/dashboard/analytics?from=&to=&interval= (and .csv) ----

export const analyticsIntervalSchema = z.enum(['day', 'week'], {
  message: "interval must be 'day' or 'week'",
});
export type AnalyticsInterval = z.infer<typeof analyticsIntervalSchema>;

export const dashboardAnalyticsQuerySchema = dashboardRangeQuerySchema.extend({
  interval: analyticsIntervalSchema.default('day'),
});
export type DashboardAnalyticsQuery = z.infer<typeof dashboardAnalyticsQuerySchema>;

export const analyticsPointSchema = z.object({
  /** The first day of the bucket (a Monday for weeks, or the period's first day). */
  start: z.string(),
  clicks: z.number().int(),
  uniqueShoppers: z.number().int(),
  conversions: z.number().int(),
  /** ipick's sales of the bucket less their refunds, by currency, in minor units. */
  revenue: z.record(z.string(), z.number().int()),
});
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const breakdownRowSchema = z.object({
  /** What the clicks share (a product id, a path, `mobile`, `DE`…); null when unknown. */
  key: z.string().nullable(),
  label: z.string(),
  clicks: z.number().int(),
  uniqueShoppers: z.number().int(),
  share: z.number(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const BREAKDOWN_DIMENSIONS = ['product', 'page', 'device', 'country', 'campaign'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

export const dashboardAnalyticsSchema = z.object({
  period: dashboardPeriodSchema,
  interval: analyticsIntervalSchema,
  /** Every currency with revenue in the period, the largest first. */
  currencies: z.array(z.string()),
  series: z.array(analyticsPointSchema),
  totals: analyticsPointSchema.omit({ start: true }),
  /**
   * Clicks by product, by page of the shop they landed on (path), by device type, by country
   * and by UTM campaign; the largest `DASHBOARD_BREAKDOWN_LIMIT` of each.
   */
  breakdowns: z.object({
    product: z.array(breakdownRowSchema),
    page: z.array(breakdownRowSchema),
    device: z.array(breakdownRowSchema),
    country: z.array(breakdownRowSchema),
    campaign: z.array(breakdownRowSchema),
  }),
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalyticsSchema>;
