import { randomUUID } from 'node:crypto';
import {
  comparedOfferSchema,
  compareResponseSchema,
  reportedTierSchema,
  MATCH_REPORT_NOTE_WINDOW_MINUTES,
  MATCH_REPORTS_PAGE_SIZE,
  type AdminMatchReport,
  type AdminMatchReportsResponse,
  type ComparedOffer,
  type MatchReportReceipt,
  type MatchReportStatus,
  type ShownMatchTier,
} from '@ipick/contracts';
import { AppError } from '../../platform/errors.ts';
import type {
  MatchReportRow,
  MatchReportsRepository,
  PastedListing,
} from './match-reports-repository.ts';

/** Who reports: a signed-in shopper's user id, or null for a shopper who is not signed in. */
export interface Reporter {
  userId: string | null;
}

export interface CreatedReport {
  receipt: MatchReportReceipt;
  /** False when a signed-in shopper reported the same pair again: their report is kept. */
  isNew: boolean;
}

/**
 * Shoppers' reports of a wrong match, and the admins' review of them (issue 18). A report
 * changes nothing any shopper sees; only a confirmed one does (`confirmedOtherProducts`).
 */
export class MatchReportsService {
  readonly #repository: MatchReportsRepository;
  readonly #now: () => Date;

  constructor(repository: MatchReportsRepository, now: () => Date = () => new Date()) {
    this.#repository = repository;
    this.#now = now;
  }

  /**
   * Records that the listing `offerId` of comparison `requestId` is not the pasted product. The
   * listings, score and tier are taken from the comparison as it was saved (what the shopper
   * saw), so a report cannot describe a match ipick never showed.
   */
  async report(
    input: { requestId: string; offerId: string; note: string | null },
    reporter: Reporter,
  ): Promise<CreatedReport> {
    const saved = await this.#repository.findComparison(input.requestId);
    const parsed = compareResponseSchema.safeParse(saved);
    if (!parsed.success) {
      throw new AppError(
        'invalid_request',
        'body.requestId: there is no comparison with that id; compare the product again.',
      );
    }
    const comparison = parsed.data;
    const shown = shownListing(saved, input.offerId);
    if (!shown) {
      throw new AppError(
        'invalid_request',
        'body.offerId: that listing is not in this comparison.',
      );
    }
    if (shown.tier === 'similar') {
      throw new AppError(
        'invalid_request',
        'body.offerId: that listing is shown as a similar product, not as the same product; there is no match to report.',
      );
    }
    const { product } = comparison;
    const pasted: PastedListing = {
      offerId: product.source === 'link' ? null : await this.#repository.offerIdByUrl(product.url),
      url: product.url,
    };
    const rightOfferId = (await this.#repository.offerExists(shown.offer.offerId))
      ? shown.offer.offerId
      : null;

    if (reporter.userId && rightOfferId) {
      const earlier = await this.#repository.findPendingByReporter(
        reporter.userId,
        pasted,
        rightOfferId,
      );
      if (earlier) {
        const kept = input.note
          ? ((await this.#repository.updateNote(earlier.id, input.note)) ?? earlier)
          : earlier;
        return { receipt: toReceipt(kept), isNew: false };
      }
    }

    const row = await this.#repository.insert({
      id: randomUUID(),
      request_id: comparison.requestId,
      left_offer_id: pasted.offerId,
      left_url: product.url,
      left_title: product.title,
      left_brand: product.brand,
      left_retailer_name: product.retailerName,
      left_price_minor: product.priceMinor,
      left_currency: product.currency,
      right_offer_id: rightOfferId,
      right_url: shown.offer.url,
      right_title: shown.offer.title,
      right_brand: rightOfferId ? await this.#repository.offerBrand(rightOfferId) : null,
      right_retailer_name: shown.offer.retailerName,
      right_price_minor: shown.offer.priceMinor,
      right_currency: shown.offer.currency,
      score: Math.min(1, Math.max(0, shown.offer.confidence)),
      tier: shown.tier,
      reasons: shown.offer.reasons,
      note: input.note,
      reporter_user_id: reporter.userId,
    });
    return { receipt: toReceipt(row), isNew: true };
  }

  /**
   * Adds or changes the note of a report the shopper just made. The report's id is only ever
   * given to its reporter, so knowing it is the permission; a signed-in shopper's report also
   * needs their account. Only while it waits for review, and for a while after it was made.
   */
  async updateNote(
    id: string,
    note: string | null,
    reporter: Reporter,
  ): Promise<MatchReportReceipt> {
    const report = await this.#repository.findById(id);
    if (!report || (report.reporter_user_id && report.reporter_user_id !== reporter.userId)) {
      throw new AppError('not_found', 'There is no report with that id.');
    }
    if (report.status !== 'pending') {
      throw new AppError('conflict', 'An admin has already reviewed this report.');
    }
    const ageMs = this.#now().getTime() - report.created_at.getTime();
    if (ageMs > MATCH_REPORT_NOTE_WINDOW_MINUTES * 60_000) {
      throw new AppError(
        'conflict',
        `A note can be added only within ${MATCH_REPORT_NOTE_WINDOW_MINUTES} minutes of the report; report the listing again instead.`,
      );
    }
    const updated = await this.#repository.updateNote(id, note);
    return toReceipt(updated ?? report);
  }

  /** One page of the queue, with how many reports there are in each status. */
  async list(status: MatchReportStatus, page: number): Promise<AdminMatchReportsResponse> {
    const [rows, counts] = await Promise.all([
      this.#repository.list(status, {
        limit: MATCH_REPORTS_PAGE_SIZE,
        offset: (page - 1) * MATCH_REPORTS_PAGE_SIZE,
      }),
      this.#repository.countsByStatus(),
    ]);
    return {
      items: rows.map(toAdminReport),
      page,
      pageSize: MATCH_REPORTS_PAGE_SIZE,
      total: counts[status],
      counts,
    };
  }

  /**
   * An admin's verdict: `confirmed` (they are different products: the pair is never shown as
   * the same product again and becomes a labelled non-match) or `rejected` (the match stands).
   * Only a pending report can be reviewed: 404 when unknown, 409 when already reviewed.
   */
  async review(
    id: string,
    verdict: 'confirmed' | 'rejected',
    adminUserId: string,
  ): Promise<AdminMatchReport> {
    const reviewed = await this.#repository.review(id, verdict, adminUserId, this.#now());
    if (reviewed) return toAdminReport(reviewed);
    const report = await this.#repository.findById(id);
    if (!report) throw new AppError('not_found', 'There is no report with that id.');
    throw new AppError(
      'conflict',
      `This report was already ${report.status}; reload the queue to see it as it is.`,
    );
  }
}

/** The lists of a saved comparison and the tier each shows its listings with. */
const LIST_TIERS = { sameProduct: 'same', alternatives: 'similar' } as const;

/**
 * The listing `offerId` in a saved comparison (as stored, so that fields the schema does not
 * know are kept) and the tier it was shown with, or null. An offer that carries its own `tier`
 * keeps it; otherwise the list it is in says.
 */
function shownListing(
  saved: unknown,
  offerId: string,
): { offer: ComparedOffer; tier: ShownMatchTier } | null {
  for (const [list, listTier] of Object.entries(LIST_TIERS)) {
    const entries: unknown = (saved as Record<string, unknown>)[list];
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as unknown[]) {
      const offer = comparedOfferSchema.safeParse(entry);
      if (!offer.success || offer.data.offerId !== offerId) continue;
      const own = reportedTierSchema.safeParse((entry as { tier?: unknown }).tier);
      return { offer: offer.data, tier: own.success ? own.data : listTier };
    }
  }
  return null;
}

function toReceipt(row: MatchReportRow): MatchReportReceipt {
  return {
    id: row.id,
    status: row.status,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

function toAdminReport(row: MatchReportRow): AdminMatchReport {
  return {
    id: row.id,
    status: row.status,
    pasted: {
      offerId: row.left_offer_id,
      title: row.left_title,
      brand: row.left_brand,
      retailerName: row.left_retailer_name,
      url: row.left_url,
      priceMinor: row.left_price_minor,
      currency: row.left_currency,
    },
    offer: {
      offerId: row.right_offer_id,
      title: row.right_title,
      brand: row.right_brand,
      retailerName: row.right_retailer_name,
      url: row.right_url,
      priceMinor: row.right_price_minor,
      currency: row.right_currency,
    },
    score: row.score,
    tier: row.tier,
    reasons: Array.isArray(row.reasons) ? row.reasons.map(String) : [],
    note: row.note,
    bySignedInShopper: row.reporter_user_id !== null,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}
