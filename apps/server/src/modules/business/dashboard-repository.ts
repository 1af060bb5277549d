import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { isIpickConversion, quotesIpickId } from '../tracking/ipick-ids.ts';

type Db = Kysely<DatabaseSchema>;

export type ClickDimension = 'all' | 'product' | 'page' | 'device' | 'country' | 'campaign';

/** A span of UTC days: `from` included, `until` excluded, both `YYYY-MM-DD`. */
export interface DaySpan {
  from: string;
  until: string;
}

export interface ClickDayRow {
  day: string;
  clicks: number;
  uniqueShoppers: number;
}

export interface ClickValueRow {
  /** The dimension's value; '' when the clicks did not say. */
  value: string;
  clicks: number;
  uniqueShoppers: number;
}

/** ipick's leads or sales of one UTC day, kind and currency. */
export interface ConversionDayRow {
  day: string;
  kind: 'lead' | 'sale';
  currency: string | null;
  /** The conversions, sales refunded in full left out. */
  count: number;
  /** Sales: their amounts less their refunds; leads: 0. */
  amountMinor: number;
}

export type ActivityRowType = 'click' | 'event' | 'conversion';

/** One item of the merged feed; the columns a type does not have are null. */
export interface ActivityRow {
  type: ActivityRowType;
  id: string;
  at: Date;
  /** `at` to the microsecond, UTC, for the cursor. */
  atText: string;
  /** Click: product title; event: event type; conversion: kind. */
  label: string | null;
  /** Click: target URL; event: page URL; conversion: order id. */
  detail: string | null;
  page: string | null;
  campaign: string | null;
  device: string | null;
  country: string | null;
  attributed: boolean;
  orderId: string | null;
  amountMinor: number | null;
  currency: string | null;
  source: string | null;
}

export interface ActivityCursor {
  atText: string;
  rank: number;
  id: string;
}

/** Items of one time sort clicks after events after conversions, newest first. */
export const ACTIVITY_RANK: Record<ActivityRowType, number> = { click: 1, event: 2, conversion: 3 };

/**
 * Each dimension's value of a click, as SQL over a `clicks` row. The landing page is the target
 * address's path (no query or fragment); products fall back to the offer when the click has no
 * catalog product.
 */
const dimensionValue: Record<Exclude<ClickDimension, 'all'>, RawBuilder<string>> = {
  product: sql<string>`coalesce(product_id::text, 'offer:' || offer_id::text, '')`,
  page: sql<string>`coalesce(nullif(split_part(split_part(regexp_replace(target_url, '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*', ''), '?', 1), '#', 1), ''), '/')`,
  device: sql<string>`coalesce(lower(device_type), '')`,
  country: sql<string>`coalesce(upper(country), '')`,
  campaign: sql<string>`coalesce(utm_campaign, '')`,
};

const utcDay = sql<string>`(occurred_at at time zone 'UTC')::date`;

/**
 * Whether the offer `offerUrl` (SQL over an `offers` row) belongs to the business: its address's
 * host is the business's registered domain or one of its verified domains, or under one of them,
 * as module referral's `findActiveBusiness` gives a click to a business. The merchant's own
 * listing names its product as the shop does; the catalog product's title may come from another
 * retailer's listing (an Amazon title on the merchant's own dashboard).
 */
function isBusinessOffer(businessId: string, offerUrl: RawBuilder<string>): RawBuilder<boolean> {
  const hostAndPort = sql<string>`lower(substring(${offerUrl} from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#]+)'))`;
  const host = sql<string>`regexp_replace(${hostAndPort}, ':[0-9]+$', '')`;
  return sql<boolean>`exists (
    select 1 from (
      select lower(b.domain) as domain from businesses b where b.id = ${businessId}
      union all
      select d.domain from business_domains d
      where d.business_id = ${businessId} and d.verified_at is not null
    ) owned
    where owned.domain in (${hostAndPort}, ${host})
      or right(${host}, length(owned.domain) + 1) = '.' || owned.domain
  )`;
}

/** One of ipick's leads or sales, as `ipickConversions` gives it. */
export interface IpickConversionRow {
  /** The UTC day it occurred (a SQL `date`). */
  day: string;
  kind: 'lead' | 'sale';
  currency: string | null;
  /** False for a sale refunded in full: it is no conversion. */
  is_counted: boolean;
  /** A sale's amount less its refunds, never below 0; 0 for a lead. */
  net_minor: number;
}

/**
 * ipick's leads and sales of `businessId` that occurred from `since` until before `until`, as a
 * derived table (`from ${ipickConversions(...)} alias`): those whose shopper an ipick click or
 * referral call of the business sent within its attribution window (`isIpickConversion`). A
 * sale counts less its refunds (the refund rows of its order id, whenever they came), and a sale
 * refunded in full is no conversion: core's `netSaleMinor` and `isRefundedInFull`, in SQL so
 * that a year of conversions is summed by the database. The merchant's Home and Analytics and an
 * admin's figures of the business read it, so both count the same conversions.
 */
export function ipickConversions(
  businessId: string,
  range: { since: Date; until: Date },
): RawBuilder<IpickConversionRow> {
  return sql<IpickConversionRow>`(
    select day, kind, currency,
      not (kind = 'sale' and refunded_minor > 0 and refunded_minor >= amount_minor) as is_counted,
      case when kind = 'sale' then greatest(0, amount_minor - refunded_minor) else 0 end
        as net_minor
    from (
      select (v.occurred_at at time zone 'UTC')::date as day, v.kind, v.currency,
        v.amount_minor, coalesce(r.refunded_minor, 0) as refunded_minor
      from conversions v
        left join (
          select order_id, sum(amount_minor) as refunded_minor
          from conversions
          where business_id = ${businessId} and kind = 'refund'
          group by order_id
        ) r on v.kind = 'sale' and r.order_id = v.order_id
      where v.business_id = ${businessId} and v.kind in ('lead', 'sale')
        and v.occurred_at >= ${range.since} and v.occurred_at < ${range.until}
        and ${isIpickConversion(businessId, {
          ipickClickAt: 'v.ipick_click_at',
          occurredAt: 'v.occurred_at',
        })}
    ) ipick_v
  )`;
}

/** `YYYY-MM-DD` as the instant its UTC day starts. */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * The only place with SQL for the merchant dashboard (code-style §5). Click figures come from
 * the daily rollups for closed days and from `clicks` for the days still open; bots never count.
 */
export class DashboardRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The businesses with a click since `since` (the ones whose dashboards have days to roll up). */
  async businessesWithClicksSince(since: Date): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('businesses as b')
      .select('b.id')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('clicks as c')
            .select('c.id')
            .whereRef('c.business_id', '=', 'b.id')
            .where('c.occurred_at', '>=', since),
        ),
      )
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Rolls up the business's clicks of every day in `days` (closed days only) that is not rolled
   * up yet, all dimensions in one pass over the clicks. Returns how many days it rolled up.
   */
  async ensureRollups(businessId: string, days: DaySpan): Promise<number> {
    if (days.from >= days.until) return 0;
    const { rows: missing } = await sql<{ day: string }>`
      select d::date::text as day
      from generate_series(${days.from}::date, ${days.until}::date - 1, interval '1 day') d
      where not exists (
        select 1 from dashboard_rollup_days r
        where r.business_id = ${businessId} and r.span = 'day' and r.day = d::date
      )
      order by 1
    `.execute(this.#db);
    if (missing.length > 0)
      await this.#rollUpDays(
        businessId,
        missing.map((row) => row.day),
      );
    await this.#rollUpMonths(businessId, monthsWithin(days));
    return missing.length;
  }

  /** Rolls up `missingDays` (closed, in order) in one pass over their clicks. */
  async #rollUpDays(businessId: string, missingDays: string[]): Promise<void> {
    const first = missingDays[0]!;
    const last = missingDays.at(-1)!;
    const until = new Date(dayStart(last).getTime() + 86_400_000);
    await this.#db.transaction().execute(async (trx) => {
      await sql`
        insert into dashboard_click_rollups
          (business_id, dimension, span, day, value, clicks, unique_shoppers)
        select ${businessId}::uuid,
          case
            when grouping(product) = 0 then 'product'
            when grouping(page) = 0 then 'page'
            when grouping(device) = 0 then 'device'
            when grouping(country) = 0 then 'country'
            when grouping(campaign) = 0 then 'campaign'
            else 'all'
          end,
          'day',
          day,
          coalesce(product, page, device, country, campaign, ''),
          count(*)::int,
          count(distinct identity_hash)::int
        from (
          select ${utcDay} as day, identity_hash,
            ${dimensionValue.product} as product,
            ${dimensionValue.page} as page,
            ${dimensionValue.device} as device,
            ${dimensionValue.country} as country,
            ${dimensionValue.campaign} as campaign
          from clicks
          where business_id = ${businessId}
            and occurred_at >= ${dayStart(first)} and occurred_at < ${until}
            and not is_bot
            and ${utcDay} = any(${missingDays}::date[])
        ) c
        group by grouping sets
          ((day), (day, product), (day, page), (day, device), (day, country), (day, campaign))
        on conflict do nothing
      `.execute(trx);
      await sql`
        insert into dashboard_rollup_days (business_id, span, day)
        select ${businessId}::uuid, 'day', unnest(${missingDays}::date[])
        on conflict do nothing
      `.execute(trx);
    });
  }

  /** Sums the days of each month in `months` (first days; all days rolled up) not summed yet. */
  async #rollUpMonths(businessId: string, months: string[]): Promise<void> {
    if (months.length === 0) return;
    const { rows } = await sql<{ day: string }>`
      select m::text as day from unnest(${months}::date[]) m
      where not exists (
        select 1 from dashboard_rollup_days r
        where r.business_id = ${businessId} and r.span = 'month' and r.day = m
      )
    `.execute(this.#db);
    const missing = rows.map((row) => row.day);
    if (missing.length === 0) return;
    await this.#db.transaction().execute(async (trx) => {
      await sql`
        insert into dashboard_click_rollups
          (business_id, dimension, span, day, value, clicks, unique_shoppers)
        select business_id, dimension, 'month', date_trunc('month', day)::date, value,
          sum(clicks)::int, sum(unique_shoppers)::int
        from dashboard_click_rollups
        where business_id = ${businessId} and span = 'day'
          and date_trunc('month', day)::date = any(${missing}::date[])
        group by business_id, dimension, date_trunc('month', day)::date, value
        on conflict do nothing
      `.execute(trx);
      await sql`
        insert into dashboard_rollup_days (business_id, span, day)
        select ${businessId}::uuid, 'month', unnest(${missing}::date[])
        on conflict do nothing
      `.execute(trx);
    });
  }

  /**
   * The business's clicks per day of `span` (days without clicks left out): rolled-up days
   * before `openFrom`, counted from `clicks` from `openFrom` on.
   */
  async clickDays(businessId: string, span: DaySpan, openFrom: string): Promise<ClickDayRow[]> {
    const { rows } = await sql<ClickDayRow>`
      select day::text as day, clicks::int as clicks, unique_shoppers::int as "uniqueShoppers"
      from dashboard_click_rollups
      where business_id = ${businessId} and dimension = 'all' and span = 'day'
        and day >= ${span.from}::date and day < least(${span.until}::date, ${openFrom}::date)
      union all
      select ${utcDay}::text, count(*)::int, count(distinct identity_hash)::int
      from clicks
      where business_id = ${businessId} and not is_bot
        and occurred_at >= ${dayStart(maxDay(span.from, openFrom))}
        and occurred_at < ${dayStart(span.until)}
      group by 1
      order by 1
    `.execute(this.#db);
    return rows;
  }

  /** The business's clicks in `span` by one dimension's value, the most clicked first. */
  async clicksBy(
    businessId: string,
    dimension: Exclude<ClickDimension, 'all'>,
    span: DaySpan,
    openFrom: string,
    limit: number,
  ): Promise<ClickValueRow[]> {
    // Whole closed months from their month rows, the other closed days from day rows.
    const closed: DaySpan = { from: span.from, until: minDay(span.until, openFrom) };
    const months = monthsWithin(closed);
    // The months are consecutive: the closed days outside them are one span before and one after.
    const monthSpan: DaySpan =
      months.length === 0
        ? { from: closed.from, until: closed.from }
        : { from: months[0]!, until: nextMonth(months.at(-1)!) };
    const dayParts: DaySpan[] =
      months.length === 0
        ? [closed]
        : [
            { from: closed.from, until: monthSpan.from },
            { from: monthSpan.until, until: closed.until },
          ];
    // Ranges, not lists of days, so each part is one scan of the primary key.
    const rolledUp = (rollupSpan: 'day' | 'month', part: DaySpan) => sql`
        select value, clicks, unique_shoppers
        from dashboard_click_rollups
        where business_id = ${businessId} and dimension = ${dimension} and span = ${rollupSpan}
          and day >= ${part.from}::date and day < ${part.until}::date`;
    const { rows } = await sql<ClickValueRow>`
      select value, sum(clicks)::int as clicks, sum(unique_shoppers)::int as "uniqueShoppers"
      from (
        ${rolledUp('month', monthSpan)}
        union all
        ${rolledUp('day', dayParts[0]!)}
        union all
        ${rolledUp('day', dayParts[1] ?? { from: closed.from, until: closed.from })}
        union all
        select value, count(*), count(distinct identity_hash)
        from (
          select ${utcDay} as day, ${dimensionValue[dimension]} as value, identity_hash
          from clicks
          where business_id = ${businessId} and not is_bot
            and occurred_at >= ${dayStart(maxDay(span.from, openFrom))}
            and occurred_at < ${dayStart(span.until)}
        ) live
        group by day, value
      ) rows
      group by value
      order by 2 desc, value = '', 1
      limit ${limit}
    `.execute(this.#db);
    return rows;
  }

  /**
   * ipick's leads and sales per UTC day of `span`, by kind and currency (`ipickConversions`):
   * summed here so that a year is one query, not 50,000 rows.
   */
  async conversionDays(businessId: string, span: DaySpan): Promise<ConversionDayRow[]> {
    const range = { since: dayStart(span.from), until: dayStart(span.until) };
    const { rows } = await sql<Omit<ConversionDayRow, 'amountMinor'> & { amountMinor: string }>`
      select day::text as day, kind, currency,
        count(*) filter (where is_counted)::int as count,
        coalesce(sum(net_minor), 0)::bigint as "amountMinor"
      from ${ipickConversions(businessId, range)} ipick
      group by 1, 2, 3
      order by 1
    `.execute(this.#db);
    return rows.map((row) => ({ ...row, amountMinor: Number(row.amountMinor) }));
  }

  /**
   * Whether ipick ever sent the business a (human) click or the shop reported anything (events
   * from ipick's tracking test page are not the shop's).
   */
  async hasData(businessId: string): Promise<boolean> {
    const { rows } = await sql<{ found: boolean }>`
      select exists (select 1 from clicks where business_id = ${businessId} and not is_bot)
        or exists (
          select 1 from tracking_events where business_id = ${businessId} and not is_test
        )
        or exists (select 1 from conversions where business_id = ${businessId}) as found
    `.execute(this.#db);
    return Boolean(rows[0]?.found);
  }

  /**
   * Titles of catalog products (by id) and offers (by `offer:<id>`), keyed the same way. A
   * product the business sells is named by its own offer of it (the most recently seen, if it
   * has several), not by the catalog's title.
   */
  async productTitles(businessId: string, keys: string[]): Promise<Map<string, string>> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const productIds = keys.filter((key) => uuid.test(key));
    const offerIds = keys
      .filter((key) => key.startsWith('offer:'))
      .map((key) => key.slice('offer:'.length))
      .filter((id) => uuid.test(id));
    const titles = new Map<string, string>();
    if (productIds.length > 0) {
      const rows = await this.#db
        .selectFrom('products')
        .select(['id', 'title'])
        .where('id', 'in', productIds)
        .execute();
      for (const row of rows) titles.set(row.id, row.title);
      const own = await this.#db
        .selectFrom('offers as o')
        .select(['o.product_id', 'o.title'])
        .where('o.product_id', 'in', productIds)
        .where(isBusinessOffer(businessId, sql<string>`o.url`))
        .orderBy('o.last_seen_at', 'asc')
        .orderBy('o.id', 'desc')
        .execute();
      // Ordered so that the offer seen last is set last and wins.
      for (const row of own) titles.set(row.product_id!, row.title);
    }
    if (offerIds.length > 0) {
      const rows = await this.#db
        .selectFrom('offers')
        .select(['id', 'title'])
        .where('id', 'in', offerIds)
        .execute();
      for (const row of rows) titles.set(`offer:${row.id}`, row.title);
    }
    return titles;
  }

  /**
   * The business's clicks (bots left out), tracked events and conversions, newest first by
   * when they reached ipick, older than `cursor` when given; `types` picks which.
   */
  async activity(
    businessId: string,
    options: { types: ActivityRowType[]; cursor: ActivityCursor | null; limit: number },
  ): Promise<ActivityRow[]> {
    const { types, cursor, limit } = options;
    const parts: RawBuilder<unknown>[] = [];
    const before = (type: ActivityRowType, time: RawBuilder<unknown>, id: RawBuilder<unknown>) => {
      if (!cursor) return sql`true`;
      const rank = ACTIVITY_RANK[type];
      const at = sql`${cursor.atText}::timestamptz`;
      if (rank < cursor.rank) return sql`${time} <= ${at}`;
      if (rank > cursor.rank) return sql`${time} < ${at}`;
      return sql`${time} <= ${at} and (${time}, ${id}) < (${at}, ${cursor.id}::uuid)`;
    };
    const atText = (time: RawBuilder<unknown>) =>
      sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

    if (types.includes('click')) {
      parts.push(sql`(
        select 'click' as type, ${sql.lit(ACTIVITY_RANK.click)} as rank, c.id, c.occurred_at as at,
          ${atText(sql`c.occurred_at`)} as at_text,
          coalesce(
            case when ${isBusinessOffer(businessId, sql`o.url`)} then o.title end,
            p.title,
            o.title
          ) as label, c.target_url as detail, c.page as page,
          c.utm_campaign as campaign, c.device_type as device, upper(c.country) as country,
          true as attributed, null::text as order_id, null::bigint as amount_minor,
          null::text as currency, null::text as source
        from clicks c
          left join products p on p.id = c.product_id
          left join offers o on o.id = c.offer_id
        where c.business_id = ${businessId} and not c.is_bot
          and ${before('click', sql`c.occurred_at`, sql`c.id`)}
        order by c.occurred_at desc, c.id desc
        limit ${limit}
      )`);
    }
    if (types.includes('event')) {
      parts.push(sql`(
        select 'event' as type, ${sql.lit(ACTIVITY_RANK.event)} as rank, e.id,
          e.received_at as at, ${atText(sql`e.received_at`)} as at_text,
          e.event_type as label, e.url as detail, null::text as page, null::text as campaign,
          null::text as device, null::text as country,
          ${quotesIpickId(businessId, { referralId: 'e.referral_id', clickId: 'e.click_id' })}
            as attributed,
          e.event_data ->> 'orderId' as order_id,
          case when jsonb_typeof(e.event_data -> 'amountMinor') = 'number'
            then round((e.event_data ->> 'amountMinor')::numeric)::bigint end as amount_minor,
          e.event_data ->> 'currency' as currency, null::text as source
        from tracking_events e
        where e.business_id = ${businessId}
          and not e.is_test
          and ${before('event', sql`e.received_at`, sql`e.id`)}
        order by e.received_at desc, e.id desc
        limit ${limit}
      )`);
    }
    if (types.includes('conversion')) {
      parts.push(sql`(
        select 'conversion' as type, ${sql.lit(ACTIVITY_RANK.conversion)} as rank, v.id,
          v.received_at as at, ${atText(sql`v.received_at`)} as at_text,
          v.kind as label, v.order_id as detail, null::text as page, null::text as campaign,
          null::text as device, null::text as country,
          coalesce(${isIpickConversion(businessId, {
            ipickClickAt: 'v.ipick_click_at',
            occurredAt: 'v.occurred_at',
          })}, false) as attributed,
          v.order_id as order_id, v.amount_minor as amount_minor, v.currency as currency,
          v.source as source
        from conversions v
        where v.business_id = ${businessId}
          and ${before('conversion', sql`v.received_at`, sql`v.id`)}
        order by v.received_at desc, v.id desc
        limit ${limit}
      )`);
    }
    if (parts.length === 0) return [];
    // Each part reads its index backwards and stops after `limit` rows. Without statistics
    // (PGlite has no autovacuum) the planner would rather fetch every row of the business and
    // sort them, which takes seconds for a busy shop.
    const { rows } = await this.#db.transaction().execute(async (trx) => {
      await sql`set local enable_bitmapscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      return sql<{
        type: ActivityRowType;
        id: string;
        at: Date;
        at_text: string;
        label: string | null;
        detail: string | null;
        page: string | null;
        campaign: string | null;
        device: string | null;
        country: string | null;
        attributed: boolean;
        order_id: string | null;
        amount_minor: number | string | null;
        currency: string | null;
        source: string | null;
      }>`
      select * from (${sql.join(parts, sql` union all `)}) feed
      order by at desc, rank desc, id desc
      limit ${limit}
    `.execute(trx);
    });
    return rows.map((row) => ({
      type: row.type,
      id: row.id,
      at: row.at,
      atText: row.at_text,
      label: row.label,
      detail: row.detail,
      page: row.page,
      campaign: row.campaign,
      device: row.device,
      country: row.country,
      attributed: row.attributed,
      orderId: row.order_id,
      amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
      currency: row.currency,
      source: row.source,
    }));
  }
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

/** The first days of the calendar months lying wholly inside `span`. */
export function monthsWithin(span: DaySpan): string[] {
  const months: string[] = [];
  let month = span.from.endsWith('-01') ? span.from : nextMonth(span.from);
  while (nextMonth(month) <= span.until) {
    months.push(month);
    month = nextMonth(month);
  }
  return months;
}

/** The first day of the month after the one `day` is in. */
export function nextMonth(day: string): string {
  const date = dayStart(day);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1))
    .toISOString()
    .slice(0, 10);
}
