import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type {
  BusinessApiKeysTable,
  BusinessDomainsTable,
  BusinessesTable,
  BusinessSettingsTable,
  ConversionsTable,
  DatabaseSchema,
  MerchantReferralsTable,
  TrackingEventsTable,
} from '../../platform/db/schema.ts';
import { latestIpickClickAt, quotesIpickId } from './ipick-ids.ts';

type Db = Kysely<DatabaseSchema>;

export type BusinessRow = Selectable<BusinessesTable>;
export type DomainRow = Selectable<BusinessDomainsTable>;
export type ApiKeyRow = Selectable<BusinessApiKeysTable>;
export type ReferralRow = Selectable<MerchantReferralsTable>;
export type EventRow = Selectable<TrackingEventsTable>;
export type ConversionRow = Selectable<ConversionsTable>;
export type SettingsRow = Selectable<BusinessSettingsTable>;

/**
 * One order's conversions, summed up for the list of recent journeys. `quotes_referral`: one
 * of them quotes an id of a click or referral ipick recorded for the business.
 */
export interface RecentOrderRow {
  order_id: string;
  kinds: ConversionRow['kind'][];
  amount_minor: number;
  refunded_minor: number;
  currency: string | null;
  shopper_id: string | null;
  quotes_referral: boolean;
  first_at: Date;
  last_at: Date;
}
export type NewReferral = Insertable<MerchantReferralsTable>;
export type NewEvent = Insertable<TrackingEventsTable>;
export type NewConversion = Insertable<ConversionsTable>;

/** An ipick click through `/api/redirect` to a merchant (module referral's ledger, read only). */
export interface RedirectClickRow {
  id: string;
  referral_id: string;
  session_id: string | null;
  occurred_at: Date;
  target_url: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** The ids that tie a shopper's steps together (see core `JourneyKeys`). */
export interface KeySet {
  referralIds: string[];
  clickIds: string[];
  sessionIds: string[];
  visitorIds: string[];
}

/** A time range for journey reads; either end may be open. */
export interface TimeRange {
  since?: Date;
  until?: Date;
}

/**
 * Rows per table one journey or report read returns at most. Each read is ordered by time, then
 * by id: clicks of the same moment must come in one order every time, or which of them is the
 * first and which the last click (and who gets the odd cent) would change from read to read.
 */
export const JOURNEY_ROW_LIMIT = 2000;

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * The only place with SQL for merchant tracking (code-style §5). It also reads `businesses`
 * and module referral's `clicks` ledger, and writes neither.
 */
export class TrackingRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  // ---- businesses and domains ----

  findBusiness(id: string): Promise<BusinessRow | undefined> {
    return this.#db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The business a domain names: the one that verified it, else the one whose own (primary)
   * domain it is. Unverified extra domains name nobody, so nobody can claim another's shop.
   */
  async findBusinessByDomain(domain: string): Promise<BusinessRow | undefined> {
    const verified = await this.#db
      .selectFrom('business_domains as d')
      .innerJoin('businesses as b', 'b.id', 'd.business_id')
      .selectAll('b')
      .where('d.domain', '=', domain)
      .where('d.verified_at', 'is not', null)
      .executeTakeFirst();
    if (verified) return verified;
    return this.#db
      .selectFrom('businesses')
      .selectAll()
      .where(sql<string>`lower(domain)`, '=', domain)
      .executeTakeFirst();
  }

  /** Adds the business's own domain to its list when it is not there yet. */
  async ensurePrimaryDomain(business: BusinessRow, token: string, id: string): Promise<void> {
    await this.#db
      .insertInto('business_domains')
      .values({
        id,
        business_id: business.id,
        domain: business.domain.toLowerCase(),
        verification_token: token,
      })
      .onConflict((conflict) => conflict.columns(['business_id', 'domain']).doNothing())
      .execute();
  }

  listDomains(businessId: string): Promise<DomainRow[]> {
    return this.#db
      .selectFrom('business_domains')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('created_at')
      .orderBy('domain')
      .execute();
  }

  findDomain(businessId: string, id: string): Promise<DomainRow | undefined> {
    return this.#db
      .selectFrom('business_domains')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The row, or undefined when the business already has that domain. */
  async insertDomain(row: Insertable<BusinessDomainsTable>): Promise<DomainRow | undefined> {
    return this.#db
      .insertInto('business_domains')
      .values(row)
      .onConflict((conflict) => conflict.columns(['business_id', 'domain']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async deleteDomain(businessId: string, id: string): Promise<void> {
    await this.#db
      .deleteFrom('business_domains')
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .execute();
  }

  /** Throws a unique violation when another business verified the domain first. */
  markDomainVerified(id: string, at: Date): Promise<DomainRow> {
    return this.#db
      .updateTable('business_domains')
      .set({ verified_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Whether a business other than `businessId` verified `domain`, or has it as its own. */
  async isDomainTakenByOther(businessId: string, domain: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('businesses as b')
      .select('b.id')
      .where('b.id', '<>', businessId)
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(b.domain)`, '=', domain),
          eb.exists(
            eb
              .selectFrom('business_domains as d')
              .select('d.id')
              .whereRef('d.business_id', '=', 'b.id')
              .where('d.domain', '=', domain)
              .where('d.verified_at', 'is not', null),
          ),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether any business verified one of `domains`. */
  async hasVerifiedDomain(domains: string[]): Promise<boolean> {
    if (domains.length === 0) return false;
    const row = await this.#db
      .selectFrom('business_domains')
      .select('id')
      .where('domain', 'in', domains)
      .where('verified_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  // ---- API keys ----

  listKeys(businessId: string): Promise<ApiKeyRow[]> {
    return this.#db
      .selectFrom('business_api_keys')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  findKey(businessId: string, id: string): Promise<ApiKeyRow | undefined> {
    return this.#db
      .selectFrom('business_api_keys')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The key with this hash and the status of its business. */
  findKeyByHash(
    hash: string,
  ): Promise<(ApiKeyRow & { business_status: BusinessRow['status'] }) | undefined> {
    return this.#db
      .selectFrom('business_api_keys as k')
      .innerJoin('businesses as b', 'b.id', 'k.business_id')
      .selectAll('k')
      .select('b.status as business_status')
      .where('k.key_hash', '=', hash)
      .executeTakeFirst();
  }

  async countActiveKeys(businessId: string, kind: ApiKeyRow['kind']): Promise<number> {
    const row = await this.#db
      .selectFrom('business_api_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('business_id', '=', businessId)
      .where('kind', '=', kind)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Inserts `key`, revoking `revokeId` (a rotation) in the same transaction, so a rotation
   * never leaves the business with both keys or with neither.
   */
  async insertKey(
    key: Insertable<BusinessApiKeysTable>,
    revoke?: { id: string; at: Date },
  ): Promise<ApiKeyRow> {
    return this.#db.transaction().execute(async (trx) => {
      if (revoke) {
        await trx
          .updateTable('business_api_keys')
          .set({ revoked_at: revoke.at })
          .where('id', '=', revoke.id)
          .where('revoked_at', 'is', null)
          .execute();
      }
      return trx
        .insertInto('business_api_keys')
        .values(key)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async revokeKey(businessId: string, id: string, at: Date): Promise<void> {
    await this.#db
      .updateTable('business_api_keys')
      .set({ revoked_at: at })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async touchKey(id: string, at: Date): Promise<void> {
    await this.#db
      .updateTable('business_api_keys')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .execute();
  }

  // ---- referrals, events, conversions ----

  /** False when the referral id was recorded before (a retried call). */
  async insertReferral(row: NewReferral): Promise<boolean> {
    const inserted = await this.#db
      .insertInto('merchant_referrals')
      .values(row)
      .onConflict((conflict) => conflict.column('referral_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  findReferral(referralId: string): Promise<ReferralRow | undefined> {
    return this.#db
      .selectFrom('merchant_referrals')
      .selectAll()
      .where('referral_id', '=', referralId)
      .executeTakeFirst();
  }

  async insertEvent(row: NewEvent): Promise<void> {
    await this.#db.insertInto('tracking_events').values(row).execute();
  }

  /**
   * Runs `work` in one transaction, with a repository that reads and writes through it; an
   * error rolls everything back.
   */
  transaction<T>(work: (repository: TrackingRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new TrackingRepository(trx)));
  }

  /**
   * The new row, or undefined when the business already has this kind for this order id (and
   * refund id). When ipick last sent its shopper is looked up as it is written, for the
   * dashboard's figures.
   */
  insertConversion(row: NewConversion): Promise<ConversionRow | undefined> {
    return this.#db
      .insertInto('conversions')
      .values({
        ...row,
        ipick_click_at: latestIpickClickAt(row.business_id, {
          referralId: row.referral_id ?? null,
          clickId: row.click_id ?? null,
          occurredAt: row.occurred_at,
        }),
      })
      .onConflict((conflict) =>
        conflict.columns(['business_id', 'kind', 'order_id', 'refund_id']).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** The lead, sale or refund of an order; `refundId` '' is a refund sent without an id. */
  findConversion(
    businessId: string,
    kind: ConversionRow['kind'],
    orderId: string,
    refundId = '',
  ): Promise<ConversionRow | undefined> {
    return this.#db
      .selectFrom('conversions')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('kind', '=', kind)
      .where('order_id', '=', orderId)
      .where('refund_id', '=', refundId)
      .executeTakeFirst();
  }

  /**
   * The sale of an order, locked until the transaction ends: refunds of one sale are checked
   * against what is left of it one at a time, so two at once cannot both take the last of it.
   */
  lockSale(businessId: string, orderId: string): Promise<ConversionRow | undefined> {
    return this.#db
      .selectFrom('conversions')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('kind', '=', 'sale')
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** What all refunds of an order gave back so far, in minor units. */
  async sumRefunds(businessId: string, orderId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('conversions')
      .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('refunded'))
      .where('business_id', '=', businessId)
      .where('kind', '=', 'refund')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    return Number(row.refunded);
  }

  // ---- settings ----

  findSettings(businessId: string): Promise<SettingsRow | undefined> {
    return this.#db
      .selectFrom('business_settings')
      .selectAll()
      .where('business_id', '=', businessId)
      .executeTakeFirst();
  }

  upsertSettings(row: Omit<Insertable<BusinessSettingsTable>, 'updated_at'>): Promise<SettingsRow> {
    return this.#db
      .insertInto('business_settings')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('business_id').doUpdateSet({
          attribution_window_days: row.attribution_window_days,
          attribution_model: row.attribution_model,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ---- reads for attribution and journeys ----

  /** Leads and sales in [from, to), oldest first; one more than `limit` tells there are more. */
  listConversionsBetween(
    businessId: string,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<ConversionRow[]> {
    return this.#db
      .selectFrom('conversions')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('kind', 'in', ['lead', 'sale'])
      .where('occurred_at', '>=', from)
      .where('occurred_at', '<', to)
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(limit + 1)
      .execute();
  }

  listRefunds(businessId: string, orderIds: string[]): Promise<ConversionRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('conversions')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('kind', '=', 'refund')
      .where('order_id', 'in', orderIds)
      .execute();
  }

  listConversionsOfOrder(businessId: string, orderId: string): Promise<ConversionRow[]> {
    return this.#db
      .selectFrom('conversions')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('order_id', '=', orderId)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
  }

  findConversionsByKeys(businessId: string, keys: KeySet, range: TimeRange = {}) {
    if (isEmpty(keys)) return Promise.resolve([] as ConversionRow[]);
    return this.#db
      .selectFrom('conversions')
      .selectAll()
      .where('business_id', '=', businessId)
      .where(keysWithin(keys, range, { click: 'click_id', visitor: 'visitor_id' }))
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(JOURNEY_ROW_LIMIT)
      .execute();
  }

  findEventsByKeys(businessId: string, keys: KeySet, range: TimeRange = {}) {
    if (isEmpty(keys)) return Promise.resolve([] as EventRow[]);
    return this.#db
      .selectFrom('tracking_events')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('is_test', '=', false) // the tracking test page's events are nobody's journey
      .where(keysWithin(keys, range, { click: 'click_id', visitor: 'visitor_id' }))
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(JOURNEY_ROW_LIMIT)
      .execute();
  }

  /**
   * The events that tie ids together, for reports: the first event of each combination of
   * referral, click, session and visitor id. A report needs visits only to follow a shopper from
   * an ipick click to a sale, and a shop's snippet sends a page view for every page, so reading
   * them all would let one keen shopper's visits fill `JOURNEY_ROW_LIMIT` and cut off the links
   * of the period's later sales.
   */
  findEventLinksByKeys(businessId: string, keys: KeySet, range: TimeRange = {}) {
    if (isEmpty(keys)) return Promise.resolve([] as EventRow[]);
    return this.#db
      .selectFrom('tracking_events')
      .selectAll()
      .distinctOn(['referral_id', 'click_id', 'session_id', 'visitor_id'])
      .where('business_id', '=', businessId)
      .where('is_test', '=', false)
      .where(keysWithin(keys, range, { click: 'click_id', visitor: 'visitor_id' }))
      .orderBy('referral_id')
      .orderBy('click_id')
      .orderBy('session_id')
      .orderBy('visitor_id')
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(JOURNEY_ROW_LIMIT)
      .execute();
  }

  findReferralsByKeys(businessId: string, keys: KeySet, range: TimeRange = {}) {
    if (isEmpty(keys)) return Promise.resolve([] as ReferralRow[]);
    return this.#db
      .selectFrom('merchant_referrals')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('is_bot', '=', false)
      .where(keysWithin(keys, range, { click: 'id', visitor: null }))
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(JOURNEY_ROW_LIMIT)
      .execute();
  }

  /** Human clicks (bots left out) through `/api/redirect` to this business's domains. */
  findRedirectClicksByKeys(
    businessId: string,
    keys: KeySet,
    range: TimeRange = {},
  ): Promise<RedirectClickRow[]> {
    if (isEmpty(keys)) return Promise.resolve([]);
    return this.#db
      .selectFrom('clicks')
      .select([
        'id',
        'referral_id',
        'session_id',
        'occurred_at',
        'target_url',
        'utm_source',
        'utm_medium',
        'utm_campaign',
      ])
      .where('business_id', '=', businessId)
      .where('is_bot', '=', false)
      .where(keysWithin(keys, range, { click: 'id', visitor: null }))
      .orderBy('occurred_at')
      .orderBy('id')
      .limit(JOURNEY_ROW_LIMIT)
      .execute();
  }

  // ---- recent journeys ----

  /**
   * A page of the business's orders (and sign-ups), latest activity first, with `query`
   * found anywhere in the order id. `total` counts every matching order.
   */
  async listRecentOrders(
    businessId: string,
    filter: { query: string; limit: number; offset: number },
  ): Promise<{ rows: RecentOrderRow[]; total: number }> {
    const matching = (query: string) => {
      let builder = this.#db.selectFrom('conversions').where('business_id', '=', businessId);
      if (query !== '') {
        const pattern = `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        builder = builder.where('order_id', 'ilike', pattern);
      }
      return builder;
    };
    const [rows, count] = await Promise.all([
      matching(filter.query)
        .select([
          'order_id',
          sql<ConversionRow['kind'][]>`array_agg(distinct kind order by kind)`.as('kinds'),
          sql<number>`coalesce(sum(amount_minor) filter (where kind = 'sale'), 0)::bigint`.as(
            'amount_minor',
          ),
          sql<number>`coalesce(sum(amount_minor) filter (where kind = 'refund'), 0)::bigint`.as(
            'refunded_minor',
          ),
          sql<string | null>`max(currency)`.as('currency'),
          sql<string | null>`(array_agg(coalesce(visitor_id, session_id) order by occurred_at)
            filter (where coalesce(visitor_id, session_id) is not null))[1]`.as('shopper_id'),
          sql<Date>`min(occurred_at)`.as('first_at'),
          sql<Date>`max(occurred_at)`.as('last_at'),
        ])
        .groupBy('order_id')
        .orderBy(sql`max(occurred_at)`, 'desc')
        .orderBy('order_id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      matching(filter.query)
        .select(sql<number>`count(distinct order_id)`.as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    // Only for the page's orders: one look-up per conversion of them.
    const quoting = new Set<string>();
    if (rows.length > 0) {
      const found = await this.#db
        .selectFrom('conversions as v')
        .select('v.order_id')
        .distinct()
        .where('v.business_id', '=', businessId)
        .where(
          'v.order_id',
          'in',
          rows.map((row) => row.order_id),
        )
        .where(quotesIpickId(businessId, { referralId: 'v.referral_id', clickId: 'v.click_id' }))
        .execute();
      for (const row of found) quoting.add(row.order_id);
    }
    return {
      rows: rows.map((row) => ({ ...row, quotes_referral: quoting.has(row.order_id) })),
      total: Number(count.count),
    };
  }
}

function isEmpty(keys: KeySet): boolean {
  return (
    keys.referralIds.length === 0 &&
    keys.clickIds.length === 0 &&
    keys.sessionIds.length === 0 &&
    keys.visitorIds.length === 0
  );
}

/**
 * `(referral_id in (…) or session_id in (…) or <click> in (…) or <visitor> in (…))` plus the
 * time range, for tables whose click and visitor columns have other names (or none).
 */
function keysWithin(
  keys: KeySet,
  range: TimeRange,
  columns: { click: string; visitor: string | null },
): Expression<SqlBool> {
  const inList = (column: string, values: string[]) =>
    sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`;
  const conditions: Expression<SqlBool>[] = [];
  if (keys.referralIds.length > 0) conditions.push(inList('referral_id', keys.referralIds));
  if (keys.sessionIds.length > 0) conditions.push(inList('session_id', keys.sessionIds));
  // Click ids are uuids; the column is compared as text so that no value can break a cast.
  if (keys.clickIds.length > 0) {
    conditions.push(sql<SqlBool>`${sql.ref(columns.click)}::text in (${sql.join(keys.clickIds)})`);
  }
  if (columns.visitor && keys.visitorIds.length > 0) {
    conditions.push(inList(columns.visitor, keys.visitorIds));
  }
  if (conditions.length === 0) conditions.push(sql<SqlBool>`false`);
  let condition = sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
  if (range.since) condition = sql<SqlBool>`${condition} and occurred_at >= ${range.since}`;
  if (range.until) condition = sql<SqlBool>`${condition} and occurred_at <= ${range.until}`;
  return condition;
}
