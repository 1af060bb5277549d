import {
  ATTRIBUTION_REPORT_LIMIT,
  type AttributionModelName,
  type AttributionReport,
  type AttributionSettings,
  RECENT_JOURNEYS_PAGE_SIZE,
  type JourneyResponse,
  type JourneyStepView,
  type RecentJourneysResponse,
} from '@ipick/contracts';
import {
  ATTRIBUTION_MODELS,
  DEFAULT_ATTRIBUTION_MODEL,
  DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  attributeJourney,
  groupJourneys,
  netSaleMinor,
  type AttributionModel,
  type ClickCredit,
  type ConversionAttribution,
  type JourneyStep,
} from '@ipick/core';
import { AppError } from '../../platform/errors.ts';
import { toConversion } from './tracking-presenters.ts';
import {
  JOURNEY_ROW_LIMIT,
  type ConversionRow,
  type EventRow,
  type KeySet,
  type RedirectClickRow,
  type ReferralRow,
  type TimeRange,
  type TrackingRepository,
} from './tracking-repository.ts';

// The contracts and core name the same four models; this fails to compile if they drift.
const sameModels: AttributionModelName extends AttributionModel
  ? AttributionModel extends AttributionModelName
    ? true
    : never
  : never = true;
void sameModels;

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_REPORT_RANGE_DAYS = 366;
/** Rounds of following ids from step to step; a journey is rarely more than two hops wide. */
const MAX_LINK_ROUNDS = 4;
/** Ids of each kind one read follows at most. */
const MAX_KEYS_PER_KIND = 1000;
/** Order ids one read of refunds names at most. */
const REFUND_LOOKUP_BATCH = 1000;

/** Everything found for a set of ids: the pieces of one or more journeys. */
interface JourneyRows {
  referrals: ReferralRow[];
  redirectClicks: RedirectClickRow[];
  events: EventRow[];
  conversions: ConversionRow[];
  /** A read came back full (`JOURNEY_ROW_LIMIT` rows), so later rows may be missing. */
  isCut?: boolean;
}

interface ClickInfo {
  referralId: string | null;
  occurredAt: Date;
}

/**
 * Attribution for a business's dashboard (spec §1 "attribution, plus a journey view"; research
 * §4.1): settings (window and billing model), a report of conversions with each model's credit
 * side by side, and one order's journey. Journeys join clicks, events and conversions by
 * referral id, click id, session id and visitor id.
 */
export class AttributionService {
  readonly #repository: TrackingRepository;
  readonly #now: () => Date;

  constructor(repository: TrackingRepository, options: { now?: () => Date } = {}) {
    this.#repository = repository;
    this.#now = options.now ?? (() => new Date());
  }

  async settings(businessId: string): Promise<AttributionSettings> {
    const row = await this.#repository.findSettings(businessId);
    return {
      windowDays: row?.attribution_window_days ?? DEFAULT_ATTRIBUTION_WINDOW_DAYS,
      model: row?.attribution_model ?? DEFAULT_ATTRIBUTION_MODEL,
    };
  }

  async updateSettings(
    businessId: string,
    changes: Partial<AttributionSettings>,
  ): Promise<AttributionSettings> {
    const next = { ...(await this.settings(businessId)), ...changes };
    const row = await this.#repository.upsertSettings({
      business_id: businessId,
      attribution_window_days: next.windowDays,
      attribution_model: next.model,
    });
    return { windowDays: row.attribution_window_days, model: row.attribution_model };
  }

  /**
   * Leads and sales in [from, to) (the last 30 days by default), oldest first, each with the
   * credit of its clicks under `model` or under every model. `invalid_request` for a range
   * that is backwards or longer than a year.
   */
  async report(
    businessId: string,
    query: { from?: string; to?: string; model?: AttributionModelName },
  ): Promise<AttributionReport> {
    const to = query.to ? parseBound(query.to, 'end') : this.#now();
    const from = query.from
      ? parseBound(query.from, 'start')
      : new Date(to.getTime() - DEFAULT_ATTRIBUTION_WINDOW_DAYS * DAY_MS);
    if (from.getTime() >= to.getTime()) {
      throw new AppError('invalid_request', 'from: must be before to');
    }
    if (to.getTime() - from.getTime() > MAX_REPORT_RANGE_DAYS * DAY_MS) {
      throw new AppError(
        'invalid_request',
        `to: the range is longer than ${MAX_REPORT_RANGE_DAYS} days`,
      );
    }
    const settings = await this.settings(businessId);
    const models = query.model ? [query.model] : [...ATTRIBUTION_MODELS];

    const listed = await this.#repository.listConversionsBetween(
      businessId,
      from,
      to,
      ATTRIBUTION_REPORT_LIMIT,
    );
    const truncated = listed.length > ATTRIBUTION_REPORT_LIMIT;
    const conversions = listed.slice(0, ATTRIBUTION_REPORT_LIMIT);
    const rows = await this.#journeyRows(
      businessId,
      conversions,
      reportRange(from, to, settings.windowDays),
      { visitsAsLinks: true },
    );
    const refunds = await this.#refundsOf(businessId, conversions);
    const credits = creditJourneys(rows, refunds, settings.windowDays, models);
    const clicks = clickIndex(rows);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      windowDays: settings.windowDays,
      defaultModel: settings.model,
      models,
      conversions: conversions.map((row) => ({
        ...toConversion(row),
        refundedMinor: row.kind === 'sale' ? (refunds.get(row.order_id) ?? 0) : 0,
        credits: presentCredits(credits.get(row.id) ?? {}, models, clicks),
      })),
      // A report with more conversions than it lists, or whose clicks were not all read (their
      // credit may then be missing or wrong), says so rather than passing for complete.
      truncated: truncated || rows.isCut === true,
    };
  }

  /**
   * The rows tied to `conversions` by their ids (within `range`), the conversions included
   * even when the id-following read stopped short. `visitsAsLinks`: of the events, only those
   * that tie ids together (`findEventLinksByKeys`), for credit, which visits do not change.
   */
  async #journeyRows(
    businessId: string,
    conversions: ConversionRow[],
    range: TimeRange,
    options: { visitsAsLinks?: boolean } = {},
  ): Promise<JourneyRows> {
    const rows = await this.#collect(businessId, keysOfRows({ conversions }), range, options);
    const known = new Set(rows.conversions.map((row) => row.id));
    rows.conversions.push(...conversions.filter((row) => !known.has(row.id)));
    return rows;
  }

  /** What refunds gave back on each sale of `rows`, by order id. */
  async #refundsOf(businessId: string, rows: ConversionRow[]): Promise<Map<string, number>> {
    const orderIds = [
      ...new Set(rows.filter((row) => row.kind === 'sale').map((row) => row.order_id)),
    ];
    const refunds = new Map<string, number>();
    for (let start = 0; start < orderIds.length; start += REFUND_LOOKUP_BATCH) {
      const found = await this.#repository.listRefunds(
        businessId,
        orderIds.slice(start, start + REFUND_LOOKUP_BATCH),
      );
      for (const refund of found) {
        refunds.set(
          refund.order_id,
          (refunds.get(refund.order_id) ?? 0) + Number(refund.amount_minor),
        );
      }
    }
    return refunds;
  }

  /**
   * The journey of an order: the clicks, events and conversions of its shopper (found through
   * the order's referral, click, visitor and session ids) in time order, and each
   * conversion's credit under every model. `not_found` for an order the business never sent.
   */
  async journey(businessId: string, orderId: string): Promise<JourneyResponse> {
    const orders = await this.#repository.listConversionsOfOrder(businessId, orderId);
    if (orders.length === 0) {
      throw new AppError('not_found', `orderId: there is no conversion with order id ${orderId}`);
    }
    const settings = await this.settings(businessId);
    const rows = await this.#journeyRows(businessId, orders, {});
    const refunds = await this.#refundsOf(businessId, rows.conversions);
    const clicks = clickIndex(rows);
    const conversions = new Map(rows.conversions.map((row) => [row.id, row]));
    const attribution = attributeJourney(toSteps(rows, refunds), {
      windowDays: settings.windowDays,
    }).map((result) => {
      const row = conversions.get(result.conversionId);
      return {
        conversionId: result.conversionId,
        refundedMinor: row?.kind === 'sale' ? (refunds.get(row.order_id) ?? 0) : 0,
        credits: presentCredits(result.credits, [...ATTRIBUTION_MODELS], clicks),
      };
    });
    return { orderId, windowDays: settings.windowDays, steps: toViews(rows), attribution };
  }

  /**
   * The business's latest orders and sign-ups, each the end of one shopper's journey, latest
   * first; `query` narrows them to order ids containing it. The shopper is named only by the
   * random visitor or session id the shop and ipick gave them.
   */
  async recentJourneys(
    businessId: string,
    query: { query: string; page: number },
  ): Promise<RecentJourneysResponse> {
    const pageSize = RECENT_JOURNEYS_PAGE_SIZE;
    const { rows, total } = await this.#repository.listRecentOrders(businessId, {
      query: query.query,
      limit: pageSize,
      offset: (query.page - 1) * pageSize,
    });
    return {
      items: rows.map((row) => ({
        orderId: row.order_id,
        kinds: row.kinds,
        amountMinor: Number(row.amount_minor),
        refundedMinor: Number(row.refunded_minor),
        currency: row.currency,
        shopperId: row.shopper_id,
        quotesReferral: row.quotes_referral,
        firstAt: row.first_at.toISOString(),
        lastAt: row.last_at.toISOString(),
      })),
      page: query.page,
      pageSize,
      total,
    };
  }

  /** Follows ids from rows to rows until no new ones turn up (or a few rounds have passed). */
  async #collect(
    businessId: string,
    seed: KeySet,
    range: TimeRange,
    options: { visitsAsLinks?: boolean },
  ): Promise<JourneyRows> {
    let keys = seed;
    let rows: JourneyRows = { referrals: [], redirectClicks: [], events: [], conversions: [] };
    for (let round = 0; round < MAX_LINK_ROUNDS; round++) {
      const [referrals, redirectClicks, events, conversions] = await Promise.all([
        this.#repository.findReferralsByKeys(businessId, keys, range),
        this.#repository.findRedirectClicksByKeys(businessId, keys, range),
        options.visitsAsLinks
          ? this.#repository.findEventLinksByKeys(businessId, keys, range)
          : this.#repository.findEventsByKeys(businessId, keys, range),
        this.#repository.findConversionsByKeys(businessId, keys, range),
      ]);
      const isCut = [referrals, redirectClicks, events, conversions].some(
        (read) => read.length >= JOURNEY_ROW_LIMIT,
      );
      rows = { referrals, redirectClicks, events, conversions, isCut };
      const next = mergeKeys(keys, keysOfRows(rows));
      if (keyCount(next) === keyCount(keys)) break;
      keys = next;
    }
    return oneRowPerClick(rows);
  }
}

/**
 * A click on a merchant's offer leaves two rows: the referral-tracking call and, a moment later,
 * ipick's redirect carrying the same referral id. They are one click, so the referral (which
 * names the product and the page) stands for both; counting both would split credit between a
 * shopper's click and itself.
 */
function oneRowPerClick(rows: JourneyRows): JourneyRows {
  const referred = new Set(rows.referrals.map((row) => row.referral_id));
  return {
    ...rows,
    redirectClicks: rows.redirectClicks.filter(
      (row) => row.referral_id === null || !referred.has(row.referral_id),
    ),
  };
}

/** A report's rows: its conversions' and the clicks up to a window before its start. */
function reportRange(from: Date, to: Date, windowDays: number): TimeRange {
  return { since: new Date(from.getTime() - windowDays * DAY_MS), until: to };
}

/**
 * Each conversion's credit under `models`: the rows are grouped into journeys and every
 * journey's clicks are credited, a sale on its amount less its refunds. The one rule behind
 * the report and the dashboard's figures.
 */
function creditJourneys(
  rows: JourneyRows,
  refunds: Map<string, number>,
  windowDays: number,
  models: readonly AttributionModel[],
): Map<string, ConversionAttribution['credits']> {
  const credits = new Map<string, ConversionAttribution['credits']>();
  for (const journey of groupJourneys(toSteps(rows, refunds))) {
    for (const result of attributeJourney(journey, { windowDays, models })) {
      credits.set(result.conversionId, result.credits);
    }
  }
  return credits;
}

/** `YYYY-MM-DD` is a whole UTC day: `from` its start, `to` the start of the next day. */
function parseBound(value: string, side: 'start' | 'end'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return side === 'end' ? new Date(day.getTime() + DAY_MS) : day;
  }
  return new Date(value);
}

function keysOfRows(rows: Partial<JourneyRows>): KeySet {
  const sets = {
    referralIds: new Set<string>(),
    clickIds: new Set<string>(),
    sessionIds: new Set<string>(),
    visitorIds: new Set<string>(),
  };
  const add = (set: Set<string>, value: string | null | undefined) => {
    if (value && set.size < MAX_KEYS_PER_KIND) set.add(value);
  };
  for (const row of [...(rows.referrals ?? []), ...(rows.redirectClicks ?? [])]) {
    add(sets.clickIds, row.id);
    add(sets.referralIds, row.referral_id);
    add(sets.sessionIds, row.session_id);
  }
  for (const row of [...(rows.events ?? []), ...(rows.conversions ?? [])]) {
    add(sets.clickIds, row.click_id);
    add(sets.referralIds, row.referral_id);
    add(sets.sessionIds, row.session_id);
    add(sets.visitorIds, row.visitor_id);
  }
  return {
    referralIds: [...sets.referralIds],
    clickIds: [...sets.clickIds],
    sessionIds: [...sets.sessionIds],
    visitorIds: [...sets.visitorIds],
  };
}

function mergeKeys(a: KeySet, b: KeySet): KeySet {
  const merge = (x: string[], y: string[]) =>
    [...new Set([...x, ...y])].slice(0, MAX_KEYS_PER_KIND);
  return {
    referralIds: merge(a.referralIds, b.referralIds),
    clickIds: merge(a.clickIds, b.clickIds),
    sessionIds: merge(a.sessionIds, b.sessionIds),
    visitorIds: merge(a.visitorIds, b.visitorIds),
  };
}

function keyCount(keys: KeySet): number {
  return (
    keys.referralIds.length + keys.clickIds.length + keys.sessionIds.length + keys.visitorIds.length
  );
}

/**
 * Core journey steps: ipick clicks, events as visits, and leads and sales (refunds and leads
 * earn no amount; a sale is credited on its amount less the refunds of its order, `refunds`).
 */
function toSteps(rows: JourneyRows, refunds: Map<string, number>): JourneyStep[] {
  const clickSteps = [...rows.referrals, ...rows.redirectClicks].map((row): JourneyStep => ({
    type: 'click',
    id: row.id,
    at: row.occurred_at.getTime(),
    keys: { referralId: row.referral_id, sessionId: row.session_id },
  }));
  const visitSteps = rows.events.map((row): JourneyStep => ({
    type: 'visit',
    id: row.id,
    at: row.occurred_at.getTime(),
    keys: {
      referralId: row.referral_id,
      clickId: row.click_id,
      sessionId: row.session_id,
      visitorId: row.visitor_id,
    },
  }));
  const conversionSteps = rows.conversions
    .filter((row) => row.kind !== 'refund')
    .map((row): JourneyStep => ({
      type: 'conversion',
      id: row.id,
      at: row.occurred_at.getTime(),
      // A lead's value (which a shop may send, in any currency) is no revenue: its clicks are
      // credited with the lead, not with money, as on Home and Analytics (contract: 0 for a lead).
      amountMinor:
        row.kind === 'sale'
          ? netSaleMinor(Number(row.amount_minor), refunds.get(row.order_id) ?? 0)
          : 0,
      keys: {
        referralId: row.referral_id,
        clickId: row.click_id,
        sessionId: row.session_id,
        visitorId: row.visitor_id,
      },
    }));
  return [...clickSteps, ...visitSteps, ...conversionSteps];
}

function clickIndex(rows: JourneyRows): Map<string, ClickInfo> {
  return new Map(
    [...rows.referrals, ...rows.redirectClicks].map((row) => [
      row.id,
      { referralId: row.referral_id, occurredAt: row.occurred_at },
    ]),
  );
}

function presentCredits(
  credits: ConversionAttribution['credits'],
  models: readonly AttributionModel[],
  clicks: Map<string, ClickInfo>,
) {
  const present = (credit: ClickCredit) => {
    const click = clicks.get(credit.clickId);
    return {
      clickId: credit.clickId,
      referralId: click?.referralId ?? null,
      occurredAt: click?.occurredAt.toISOString() ?? '',
      share: credit.share,
      amountMinor: credit.amountMinor,
    };
  };
  return Object.fromEntries(
    models.map((model) => [model, (credits[model] ?? []).map(present)]),
  ) as Partial<Record<AttributionModel, ReturnType<typeof present>[]>>;
}

/** The journey's rows as the dashboard reads them, in time order (clicks first at a tie). */
function toViews(rows: JourneyRows): JourneyStepView[] {
  const views: { at: number; rank: number; view: JourneyStepView }[] = [];
  for (const row of rows.referrals) {
    views.push({
      at: row.occurred_at.getTime(),
      rank: 0,
      view: {
        type: 'click',
        id: row.id,
        source: 'referral',
        referralId: row.referral_id,
        sessionId: row.session_id,
        occurredAt: row.occurred_at.toISOString(),
        targetUrl: row.target_url,
        sourceUrl: row.source_url,
        productName: row.product_name,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
      },
    });
  }
  for (const row of rows.redirectClicks) {
    views.push({
      at: row.occurred_at.getTime(),
      rank: 0,
      view: {
        type: 'click',
        id: row.id,
        source: 'redirect',
        referralId: row.referral_id,
        sessionId: row.session_id,
        occurredAt: row.occurred_at.toISOString(),
        targetUrl: row.target_url,
        sourceUrl: null,
        productName: null,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
      },
    });
  }
  for (const row of rows.events) {
    views.push({
      at: row.occurred_at.getTime(),
      rank: 1,
      view: {
        type: 'event',
        id: row.id,
        eventType: row.event_type,
        url: row.url,
        referralId: row.referral_id,
        sessionId: row.session_id,
        visitorId: row.visitor_id,
        occurredAt: row.occurred_at.toISOString(),
      },
    });
  }
  for (const row of rows.conversions) {
    views.push({
      at: row.occurred_at.getTime(),
      rank: 2,
      view: { type: 'conversion', ...toConversion(row) },
    });
  }
  return views.sort((a, b) => a.at - b.at || a.rank - b.rank).map((entry) => entry.view);
}
