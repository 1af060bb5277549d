import type { AdminFigures, AuditAction, AuditTargetType, BusinessStatus } from '@ipick/contracts';
import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type {
  AdminAuditLogTable,
  BusinessesTable,
  DatabaseSchema,
  MailOutboxTable,
  RetailersTable,
} from '../../platform/db/schema.ts';
import { ipickConversions } from '../business/dashboard-repository.ts';

export type AdminBusinessRow = Selectable<BusinessesTable>;
export type OutboxRow = Omit<Selectable<MailOutboxTable>, 'text_body' | 'html_body'>;
export type RetailerRow = Selectable<RetailersTable>;
export type AuditRow = Selectable<AdminAuditLogTable> & { admin_email: string | null };

/** What the identity API shows as the restriction reason of a disabled user (and 0018 wrote). */
export const DISABLED_BY_ADMIN_REASON = 'Disabled by an ipick admin.';

export interface AdminUserRow {
  id: string;
  email: string | null;
  display_name: string | null;
  signed_up_at: Date;
  last_active_at: Date;
  is_admin: SqlBool;
  is_disabled: SqlBool;
  is_merchant: SqlBool;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export interface NewAuditEntry {
  adminUserId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  details: Record<string, unknown>;
}

export type FigureName = keyof AdminFigures;

/** `%` and `_` in a search are meant literally in ILIKE. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** "YYYY-MM-DD" of a timestamp column in UTC. */
function utcDay(column: string) {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/**
 * The only place with SQL for the admin area. It reads across modules (users, businesses,
 * clicks, conversions, mail) because the admin area is where they are looked after together.
 */
export class AdminRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: AdminRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new AdminRepository(trx)));
  }

  // ---- overview ----

  /** Each figure's count: all time, or per UTC day from `since` on. */
  async countFigures(
    projectId: string,
    since: Date | null,
  ): Promise<{ figure: FigureName; day: string; count: number }[]> {
    // Shoppers are the people who signed up, less merchants and anonymous accounts.
    const sources: Record<
      FigureName,
      { from: RawBuilder<unknown>; time: string; where: RawBuilder<unknown> }
    > = {
      shoppers: {
        from: sql`identity_users u`,
        time: 'u.signed_up_at',
        where: sql`u.project_id = ${projectId} and not u.is_anonymous
          and not exists (select 1 from business_members m where m.user_id = u.id)`,
      },
      merchants: { from: sql`businesses b`, time: 'b.created_at', where: sql`true` },
      comparisons: { from: sql`compare_requests r`, time: 'r.created_at', where: sql`true` },
      clicks: { from: sql`clicks c`, time: 'c.occurred_at', where: sql`not c.is_bot` },
      conversions: {
        from: sql`conversions v`,
        time: 'v.occurred_at',
        where: sql`v.kind in ('lead', 'sale')`,
      },
    };
    const results = await Promise.all(
      (Object.keys(sources) as FigureName[]).map(async (figure) => {
        const { from, time, where } = sources[figure];
        const query =
          since === null
            ? sql<{ day: string; count: number }>`select '' as day, count(*) as count
                from ${from} where ${where}`
            : sql<{ day: string; count: number }>`select ${utcDay(time)} as day, count(*) as count
                from ${from} where ${where} and ${sql.ref(time)} >= ${since} group by 1`;
        const { rows } = await query.execute(this.#db);
        return rows.map((row) => ({ figure, day: row.day, count: Number(row.count) }));
      }),
    );
    return results.flat();
  }

  // ---- users ----

  async listUsers(
    projectId: string,
    search: string | undefined,
    window: PageWindow,
  ): Promise<{ rows: AdminUserRow[]; total: number }> {
    const matches =
      search === undefined
        ? sql<boolean>`true`
        : sql<boolean>`(c.value ilike ${containsPattern(search)} or u.display_name ilike ${containsPattern(search)})`;
    const [rows, count] = await Promise.all([
      this.#users(projectId)
        .where(matches)
        .orderBy('u.signed_up_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.#db
        .selectFrom('identity_users as u')
        .leftJoin('identity_contact_channels as c', (join) =>
          join.onRef('c.user_id', '=', 'u.id').on('c.is_primary', '=', true),
        )
        .where('u.project_id', '=', projectId)
        .where(matches)
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  findUser(projectId: string, userId: string): Promise<AdminUserRow | undefined> {
    return this.#users(projectId).where('u.id', '=', userId).executeTakeFirst();
  }

  /** Users of the project with their email and product roles. */
  #users(projectId: string) {
    return this.#db
      .selectFrom('identity_users as u')
      .leftJoin('identity_contact_channels as c', (join) =>
        join.onRef('c.user_id', '=', 'u.id').on('c.is_primary', '=', true),
      )
      .where('u.project_id', '=', projectId)
      .select((eb) => [
        'u.id',
        'c.value as email',
        'u.display_name',
        'u.signed_up_at',
        'u.last_active_at',
        eb
          .exists(
            eb
              .selectFrom('auth_admins as a')
              .select('a.user_id')
              .whereRef('a.user_id', '=', 'u.id'),
          )
          .as('is_admin'),
        eb
          .exists(
            eb
              .selectFrom('auth_disabled_users as d')
              .select('d.user_id')
              .whereRef('d.user_id', '=', 'u.id'),
          )
          .as('is_disabled'),
        eb
          .exists(
            eb
              .selectFrom('business_members as m')
              .select('m.user_id')
              .whereRef('m.user_id', '=', 'u.id'),
          )
          .as('is_merchant'),
      ]);
  }

  /** False when the user was already disabled. */
  async disableUser(userId: string, adminUserId: string): Promise<boolean> {
    const rows = await this.#db
      .insertInto('auth_disabled_users')
      .values({ user_id: userId, disabled_by: adminUserId })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returning('user_id')
      .execute();
    if (rows.length === 0) return false;
    await this.#setRestrictedByAdmin(userId, true);
    return true;
  }

  /** False when the user was not disabled. */
  async enableUser(userId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('auth_disabled_users')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await this.#setRestrictedByAdmin(userId, false);
    return true;
  }

  /**
   * A disabled user is also "restricted by administrator" in the identity API, so that its
   * tokens say so and requests that do not allow restricted users refuse them
   * (stack-auth.md §1.2); enabling lifts the restriction.
   */
  async #setRestrictedByAdmin(userId: string, restricted: boolean): Promise<void> {
    await this.#db
      .updateTable('identity_users')
      .set({
        restricted_by_admin: restricted,
        restricted_by_admin_reason: restricted ? DISABLED_BY_ADMIN_REASON : null,
        restricted_by_admin_private_details: null,
      })
      .where('id', '=', userId)
      .execute();
  }

  /** Ends every session of the user (their refresh tokens stop working at once). */
  async endSessionsOf(userId: string): Promise<number> {
    const result = await this.#db
      .deleteFrom('identity_sessions')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** False when the user already was an admin. */
  async grantAdmin(userId: string): Promise<boolean> {
    const rows = await this.#db
      .insertInto('auth_admins')
      .values({ user_id: userId })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returning('user_id')
      .execute();
    return rows.length > 0;
  }

  /** False when the user was not an admin. */
  async revokeAdmin(userId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('auth_admins')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---- mail outbox ----

  async listOutbox(window: PageWindow): Promise<{ rows: OutboxRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.#db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'status', 'error', 'created_at', 'sent_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      this.#db
        .selectFrom('mail_outbox')
        .select(sql<number>`count(*)`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  // ---- retailers ----

  /** The retailers that take an affiliate id (the named ones; merchants' shops take none). */
  listAffiliateRetailers(): Promise<RetailerRow[]> {
    return this.#db
      .selectFrom('retailers')
      .selectAll()
      .where('affiliate_param', 'is not', null)
      .orderBy(sql`lower(display_name)`)
      .execute();
  }

  findRetailerByKey(key: string): Promise<RetailerRow | undefined> {
    return this.#db.selectFrom('retailers').selectAll().where('key', '=', key).executeTakeFirst();
  }

  setAffiliateId(key: string, affiliateId: string | null): Promise<RetailerRow> {
    return this.#db
      .updateTable('retailers')
      .set({ affiliate_id: affiliateId, updated_at: new Date() })
      .where('key', '=', key)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ---- businesses ----

  async listBusinesses(
    filter: { status?: BusinessStatus; search?: string },
    window: PageWindow,
  ): Promise<{ rows: AdminBusinessRow[]; total: number; counts: Record<BusinessStatus, number> }> {
    const base = this.#db
      .selectFrom('businesses as b')
      .$if(filter.status !== undefined, (query) => query.where('b.status', '=', filter.status!))
      .$if(filter.search !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('b.name', 'ilike', containsPattern(filter.search!)),
            eb('b.domain', 'ilike', containsPattern(filter.search!)),
            eb('b.contact_email', 'ilike', containsPattern(filter.search!)),
          ]),
        ),
      );
    const [rows, count, byStatus] = await Promise.all([
      base
        .selectAll('b')
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.#db
        .selectFrom('businesses')
        .select(['status', sql<number>`count(*)`.as('count')])
        .groupBy('status')
        .execute(),
    ]);
    const counts: Record<BusinessStatus, number> = { pending: 0, active: 0, suspended: 0 };
    for (const row of byStatus) counts[row.status] = Number(row.count);
    return { rows, total: Number(count.total), counts };
  }

  /** The business, locked until the transaction ends when `forUpdate` (status changes race). */
  findBusiness(id: string, forUpdate = false): Promise<AdminBusinessRow | undefined> {
    return this.#db
      .selectFrom('businesses')
      .selectAll()
      .where('id', '=', id)
      .$if(forUpdate, (query) => query.forUpdate())
      .executeTakeFirst();
  }

  setBusinessStatus(
    id: string,
    status: BusinessStatus,
    suspensionReason: string | null,
  ): Promise<AdminBusinessRow> {
    const now = new Date();
    return this.#db
      .updateTable('businesses')
      .set({
        status,
        suspension_reason: status === 'suspended' ? suspensionReason : null,
        suspended_at: status === 'suspended' ? now : null,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * A business's clicks, and its conversions and revenue as its own dashboard counts them
   * (`ipickConversions`: ipick's leads and sales, each sale less its refunds), from `since`
   * until before `until`; `reportedConversions` counts every lead and sale the shop reported.
   */
  async businessFigures(businessId: string, range: { since: Date; until: Date }) {
    const { since, until } = range;
    const [clicks, reported, ipick] = await Promise.all([
      this.#db
        .selectFrom('clicks')
        .select([
          sql<number>`count(*)`.as('clicks'),
          sql<number>`count(distinct coalesce(user_id::text, identity_hash, session_id, id::text))`.as(
            'unique_shoppers',
          ),
        ])
        .where('business_id', '=', businessId)
        .where('is_bot', '=', false)
        .where('occurred_at', '>=', since)
        .where('occurred_at', '<', until)
        .executeTakeFirstOrThrow(),
      this.#db
        .selectFrom('conversions')
        .select(sql<number>`count(*)`.as('count'))
        .where('business_id', '=', businessId)
        .where('kind', 'in', ['lead', 'sale'])
        .where('occurred_at', '>=', since)
        .where('occurred_at', '<', until)
        .executeTakeFirstOrThrow(),
      sql<{ currency: string | null; conversions: number; has_sale: boolean; net_minor: string }>`
        select currency, count(*) filter (where is_counted)::int as conversions,
          bool_or(kind = 'sale') as has_sale, coalesce(sum(net_minor), 0)::bigint as net_minor
        from ${ipickConversions(businessId, range)} ipick
        group by currency
        order by currency
      `.execute(this.#db),
    ]);
    return {
      clicks: Number(clicks.clicks),
      uniqueShoppers: Number(clicks.unique_shoppers),
      conversions: ipick.rows.reduce((sum, row) => sum + Number(row.conversions), 0),
      reportedConversions: Number(reported.count),
      // A currency only leads named is no revenue.
      revenue: ipick.rows
        .filter((row) => row.has_sale)
        .map((row) => ({ currency: row.currency, amountMinor: Number(row.net_minor) })),
    };
  }

  // ---- audit log ----

  async insertAudit(entry: NewAuditEntry & { id: string }): Promise<void> {
    await this.#db
      .insertInto('admin_audit_log')
      .values({
        id: entry.id,
        admin_user_id: entry.adminUserId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        details: JSON.stringify(entry.details),
      })
      .execute();
  }

  async listAudit(
    filter: { targetType?: AuditTargetType; targetId?: string },
    window: PageWindow,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const base = this.#db
      .selectFrom('admin_audit_log as l')
      .$if(filter.targetType !== undefined, (query) =>
        query.where('l.target_type', '=', filter.targetType!),
      )
      .$if(filter.targetId !== undefined, (query) =>
        query.where('l.target_id', '=', filter.targetId!),
      );
    const [rows, count] = await Promise.all([
      base
        .leftJoin('identity_contact_channels as c', (join) =>
          join.onRef('c.user_id', '=', 'l.admin_user_id').on('c.is_primary', '=', true),
        )
        .selectAll('l')
        .select('c.value as admin_email')
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
      base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
