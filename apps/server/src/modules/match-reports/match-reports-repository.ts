import type { MatchReportStatus, ShownMatchTier } from '@ipick/contracts';
import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';

/** `match_reports` (migration 0026); declared here, beside the only code that touches it. */
export interface MatchReportsTable {
  id: string;
  request_id: string;
  status: ColumnType<MatchReportStatus, MatchReportStatus | undefined, MatchReportStatus>;
  left_offer_id: string | null;
  left_url: string;
  left_title: string;
  left_brand: string | null;
  left_retailer_name: string;
  left_price_minor: number | null;
  left_currency: string | null;
  right_offer_id: string | null;
  right_url: string;
  right_title: string;
  right_brand: string | null;
  right_retailer_name: string;
  right_price_minor: number | null;
  right_currency: string | null;
  score: number;
  tier: ShownMatchTier;
  /** JSON text in, a list of strings out (the same on PGlite and pg). */
  reasons: ColumnType<unknown, string, never>;
  note: string | null;
  reporter_user_id: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  reviewed_at: Date | null;
  reviewed_by: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface DatabaseSchema {
    match_reports: MatchReportsTable;
  }
}

export type MatchReportRow = Selectable<MatchReportsTable>;

/** A report as the service writes it; status, times and review start empty. */
export type NewMatchReport = Omit<
  MatchReportsTable,
  'status' | 'created_at' | 'reviewed_at' | 'reviewed_by' | 'reasons'
> & { reasons: readonly string[] };

/** The pasted product of a comparison: its catalog offer when known, and its link. */
export interface PastedListing {
  offerId: string | null;
  url: string;
}

/** The only place with SQL for match reports. */
export class MatchReportsRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  /** The saved result of a comparison (module compare), or undefined. */
  async findComparison(requestId: string): Promise<unknown> {
    const row = await this.#db
      .selectFrom('compare_requests')
      .select('result')
      .where('id', '=', requestId)
      .executeTakeFirst();
    return row?.result;
  }

  /** The brand the catalog has for an offer: comparisons do not show it, training uses it. */
  async offerBrand(offerId: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('offers')
      .select('brand')
      .where('id', '=', offerId)
      .executeTakeFirst();
    return row?.brand ?? null;
  }

  /**
   * The catalog offer of a pasted product, found by its link as the comparison found it
   * (a comparison shows the pasted offer's link, not its id).
   */
  async offerIdByUrl(url: string): Promise<string | null> {
    const row = await this.#db
      .selectFrom('offers')
      .select('id')
      .where('url', '=', url)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Whether an offer with this id still exists (reports keep ids only of offers that do). */
  async offerExists(offerId: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('offers')
      .select('id')
      .where('id', '=', offerId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(report: NewMatchReport): Promise<MatchReportRow> {
    return this.#db
      .insertInto('match_reports')
      .values({ ...report, reasons: JSON.stringify(report.reasons) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findById(id: string): Promise<MatchReportRow | undefined> {
    return this.#db.selectFrom('match_reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A signed-in shopper's pending report of the same pair, if they made one. */
  async findPendingByReporter(
    reporterUserId: string,
    pasted: PastedListing,
    rightOfferId: string,
  ): Promise<MatchReportRow | undefined> {
    return this.#db
      .selectFrom('match_reports')
      .selectAll()
      .where('reporter_user_id', '=', reporterUserId)
      .where('right_offer_id', '=', rightOfferId)
      .where('status', '=', 'pending')
      .where((eb) =>
        pasted.offerId
          ? eb('left_offer_id', '=', pasted.offerId)
          : eb.and([eb('left_offer_id', 'is', null), eb('left_url', '=', pasted.url)]),
      )
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async updateNote(id: string, note: string | null): Promise<MatchReportRow | undefined> {
    return this.#db
      .updateTable('match_reports')
      .set({ note })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Sets a pending report's review, and the same verdict on every other pending report of the
   * same pair, either way round: they ask the same question. Undefined when the report is
   * unknown or no longer pending (another admin was first: the status check and the write are
   * one statement).
   */
  async review(
    id: string,
    status: 'confirmed' | 'rejected',
    adminUserId: string,
    at: Date,
  ): Promise<MatchReportRow | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const verdict = { status, reviewed_at: at, reviewed_by: adminUserId };
      const reviewed = await trx
        .updateTable('match_reports')
        .set(verdict)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!reviewed?.right_offer_id) return reviewed;
      const left = reviewed.left_offer_id;
      const right = reviewed.right_offer_id;
      await trx
        .updateTable('match_reports')
        .set(verdict)
        .where('status', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('right_offer_id', '=', right),
              left
                ? eb('left_offer_id', '=', left)
                : eb.and([eb('left_offer_id', 'is', null), eb('left_url', '=', reviewed.left_url)]),
            ]),
            ...(left
              ? [eb.and([eb('left_offer_id', '=', right), eb('right_offer_id', '=', left)])]
              : []),
          ]),
        )
        .execute();
      return reviewed;
    });
  }

  /** One page of the reports with `status`: pending oldest first, reviewed newest first. */
  async list(
    status: MatchReportStatus,
    window: { limit: number; offset: number },
  ): Promise<MatchReportRow[]> {
    const query = this.#db.selectFrom('match_reports').selectAll().where('status', '=', status);
    const ordered =
      status === 'pending'
        ? query.orderBy('created_at', 'asc')
        : query.orderBy('reviewed_at', 'desc').orderBy('created_at', 'desc');
    return ordered.orderBy('id').limit(window.limit).offset(window.offset).execute();
  }

  async countsByStatus(): Promise<Record<MatchReportStatus, number>> {
    const rows = await this.#db
      .selectFrom('match_reports')
      .select(['status', sql<number>`count(*)::int`.as('count')])
      .groupBy('status')
      .execute();
    const counts: Record<MatchReportStatus, number> = { pending: 0, confirmed: 0, rejected: 0 };
    for (const row of rows) counts[row.status] = row.count;
    return counts;
  }

  /**
   * The offers an admin confirmed are another product than the pasted one: reports made on it
   * (by its offer, or by its link when it is not in the catalog) and, for a catalog offer,
   * reports made the other way round, with this offer shown as the match. Empty when there
   * are none, which is what almost every comparison gets.
   */
  async confirmedOtherProducts(listing: PastedListing): Promise<Set<string>> {
    // A saved comparison knows only the pasted product's link; its offer is found by it.
    const pasted = listing.offerId
      ? listing
      : { offerId: await this.offerIdByUrl(listing.url), url: listing.url };
    const asPasted = this.#db
      .selectFrom('match_reports')
      .select('right_offer_id as offer_id')
      .where('status', '=', 'confirmed')
      .where('right_offer_id', 'is not', null)
      .where((eb) =>
        pasted.offerId
          ? eb.or([
              eb('left_offer_id', '=', pasted.offerId),
              eb.and([eb('left_offer_id', 'is', null), eb('left_url', '=', pasted.url)]),
            ])
          : eb('left_url', '=', pasted.url),
      );
    const rows = pasted.offerId
      ? await asPasted
          .union(
            this.#db
              .selectFrom('match_reports')
              .select('left_offer_id as offer_id')
              .where('status', '=', 'confirmed')
              .where('right_offer_id', '=', pasted.offerId)
              .where('left_offer_id', 'is not', null),
          )
          .execute()
      : await asPasted.execute();
    return new Set(rows.flatMap((row) => (row.offer_id ? [row.offer_id] : [])));
  }

  /** Every confirmed report, oldest first: the labelled pairs for training. */
  async listConfirmed(): Promise<MatchReportRow[]> {
    return this.#db
      .selectFrom('match_reports')
      .selectAll()
      .where('status', '=', 'confirmed')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
