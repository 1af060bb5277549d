import { domainsOfHost } from '@ipick/core';
import { sql, type Insertable, type Kysely } from 'kysely';
import { copyRows, copyText, encodeCopyText } from '../../platform/db/copy-rows.ts';
import { isListedRetailer } from '../catalog/listed-retailers.ts';
import type { ClicksTable, DatabaseSchema } from '../../platform/db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export type NewClick = Insertable<ClicksTable>;

export interface RetailerMatch {
  id: string;
  key: string;
  /**
   * A named retailer, or a shop an operator or an active merchant fed (`isListedRetailer`).
   * Comparing any pasted product page also makes a retailer for its host, so a row alone does
   * not make a host trustworthy.
   */
  isListed: boolean;
}

export interface BusinessMatch {
  id: string;
  domain: string;
}

export interface OfferDestination {
  offerId: string;
  url: string;
  productId: string | null;
  /**
   * The offer's own title, as the retailer lists it: the catalog product's title may come from
   * another shop's listing ("… Used").
   */
  productName: string;
  retailerId: string;
  retailerKey: string;
  affiliateId: string | null;
}

const SECRET_KEY = 'referral.redirect_secret';

/** Every column a click is written with (all of them). */
export const clickColumns = [
  'id',
  'occurred_at',
  'target_url',
  'target_host',
  'retailer_id',
  'offer_id',
  'product_id',
  'business_id',
  'session_id',
  'user_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'page',
  'referrer',
  'device_type',
  'browser',
  'os',
  'country',
  'is_bot',
  'bot_reason',
  'ip_truncated',
  'identity_hash',
  'referral_id',
] as const satisfies readonly (keyof NewClick)[];
type ClickColumn = (typeof clickColumns)[number];
// A column added to the table but not to the list above fails to compile here.
const everyColumnListed: Record<Exclude<keyof NewClick, (typeof clickColumns)[number]>, never> = {};
void everyColumnListed;

/** The only place with SQL for referral links and the click ledger (code-style §5). */
export class ReferralRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Writes a batch of clicks in one COPY (the ledger's group commit). COPY has no statement to
   * plan and no parameters or JSON to parse: it costs the database about half of what
   * `json_populate_recordset` over the same rows did, and multi-row VALUES far more.
   */
  async insertClicks(clicks: NewClick[]): Promise<void> {
    await copyRows(this.#db, 'clicks', clickColumns, clicks);
  }

  /**
   * Adds clicks the journal kept, skipping any the ledger already has (by click id), so that
   * clicks shipped twice after a crash are counted once; resolves once they are durable.
   */
  shipClicks(clicks: NewClick[]): Promise<void> {
    return this.shipClickRows(encodeCopyText(clickColumns, clicks));
  }

  /**
   * `shipClicks` for clicks already in COPY's text format, one line each in `clickColumns`
   * order, as the click journal keeps them. A plain COPY first, the cheapest way in; only a
   * batch the ledger partly has (shipped before a crash, the journal's progress not yet saved)
   * takes the slower way around its conflicts.
   */
  async shipClickRows(rows: string): Promise<void> {
    if (rows.length === 0) return;
    try {
      await this.#db.transaction().execute(async (trx) => {
        await durableCommit(trx);
        await copyText<DatabaseSchema, ClickColumn>(trx, 'clicks', clickColumns, rows);
      });
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await this.#shipSkippingKnown(rows);
    }
  }

  /** COPY into a temporary table of the clicks' shape, then insert what the ledger lacks. */
  async #shipSkippingKnown(rows: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await durableCommit(trx);
      await sql`
        create temporary table if not exists shipped_clicks (like clicks) on commit delete rows
      `.execute(trx);
      await copyText(
        trx as unknown as Kysely<{ shipped_clicks: NewClick }>,
        'shipped_clicks',
        clickColumns,
        rows,
      );
      await sql`
        insert into clicks select * from shipped_clicks on conflict (id) do nothing
      `.execute(trx);
    });
  }

  /** The retailer whose host list has `host`, or the one with key `key` (a named retailer). */
  async findRetailer(host: string, key: string | null): Promise<RetailerMatch | null> {
    const row = await this.#db
      .selectFrom('retailers')
      .select(['id', 'key', isListedRetailer('retailers').as('isListed')])
      .where((eb) => {
        const byHost = eb(sql<string[]>`hosts`, '@>', sql<string[]>`array[${host}]::text[]`);
        return key === null ? byHost : eb.or([byHost, eb('key', '=', key)]);
      })
      .orderBy(sql`key = ${key ?? ''}`, 'desc')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    return row ? { id: row.id, key: row.key, isListed: Boolean(row.isListed) } : null;
  }

  /**
   * The active business that owns `host` (a URL's host, port included): its registered domain or
   * one of its verified domains is the host or a parent of it (the same rule that marks a
   * compared offer as a merchant's); the most specific domain wins.
   */
  async findActiveBusiness(host: string): Promise<BusinessMatch | null> {
    const domains = domainsOfHost(host);
    if (domains.length === 0) return null;
    const rows = await this.#db
      .selectFrom('businesses')
      .select(['id', sql<string>`lower(domain)`.as('domain')])
      .where(sql<string>`lower(domain)`, 'in', domains)
      .where('status', '=', 'active')
      .union(
        this.#db
          .selectFrom('business_domains as d')
          .innerJoin('businesses as b', 'b.id', 'd.business_id')
          .select(['b.id', 'd.domain'])
          .where('d.domain', 'in', domains)
          .where('d.verified_at', 'is not', null)
          .where('b.status', '=', 'active'),
      )
      .execute();
    const byDomain = new Map(rows.map((row) => [row.domain, row]));
    for (const domain of domains) {
      const row = byDomain.get(domain);
      if (row) return row;
    }
    return null;
  }

  async findOfferDestination(offerId: string): Promise<OfferDestination | null> {
    const row = await this.#db
      .selectFrom('offers as o')
      .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
      .select([
        'o.id as offerId',
        'o.url',
        'o.product_id as productId',
        'o.title as productName',
        'r.id as retailerId',
        'r.key as retailerKey',
        'r.affiliate_id as affiliateId',
      ])
      .where('o.id', '=', offerId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** ipick's affiliate id at each retailer that has one set (`retailers.affiliate_id`). */
  async findAffiliateIds(): Promise<{ key: string; affiliateId: string }[]> {
    const rows = await this.#db
      .selectFrom('retailers')
      .select(['key', 'affiliate_id'])
      .where('affiliate_id', 'is not', null)
      .execute();
    return rows.map((row) => ({ key: row.key, affiliateId: row.affiliate_id! }));
  }

  /**
   * The salt of `day` (YYYY-MM-DD, UTC), made from `candidate` if the day has none yet; several
   * processes starting a day together agree on the first one written. Salts older than the day
   * before are deleted, so yesterday's hashes can no longer be recomputed.
   */
  async ensureDailySalt(day: string, candidate: string): Promise<string> {
    return this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('click_salts')
        .values({ day, salt: candidate })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
      await trx
        .deleteFrom('click_salts')
        .where('day', '<', sql<Date>`${day}::date - 1`)
        .execute();
      const row = await trx
        .selectFrom('click_salts')
        .select('salt')
        .where('day', '=', sql<Date>`${day}::date`)
        .executeTakeFirstOrThrow();
      return row.salt;
    });
  }

  /** The redirect-signing secret, made from `candidate` on first use (kept in `app_state`). */
  async ensureRedirectSecret(candidate: string): Promise<string> {
    await this.#db
      .insertInto('app_state')
      .values({ key: SECRET_KEY, value: JSON.stringify({ secret: candidate }) })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await this.#db
      .selectFrom('app_state')
      .select('value')
      .where('key', '=', SECRET_KEY)
      .executeTakeFirstOrThrow();
    return (row.value as { secret: string }).secret;
  }
}

/**
 * The journal forgets what was shipped once the transaction commits: whatever the server's
 * default (`synchronous_commit = off` loses the last commits in a crash), this one must be on
 * disk before it is acknowledged.
 */
async function durableCommit(trx: Kysely<DatabaseSchema>): Promise<void> {
  await sql`set local synchronous_commit = on`.execute(trx);
}
