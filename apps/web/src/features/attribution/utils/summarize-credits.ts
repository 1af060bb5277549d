import type { AttributionModelName, AttributionReport } from '@ipick/contracts';
import { isRefundedInFull } from '@ipick/core';

export const MODEL_LABELS: Record<AttributionModelName, string> = {
  last_click: 'Last click',
  first_click: 'First click',
  linear: 'Linear',
  position_based: 'Position-based',
};

/** Where in a journey a click sits; a journey of one click has only that one. */
export type ClickPosition = 'only' | 'first' | 'middle' | 'last';
export const POSITIONS: readonly ClickPosition[] = ['only', 'first', 'middle', 'last'];

export interface ModelSummary {
  model: AttributionModelName;
  /** Credited revenue in `currency`, net of refunds (sales only; leads carry no amount). */
  creditedMinor: number;
  /** Conversions with any credit under this model. */
  conversions: number;
  /**
   * Conversions credited (a click's share of one conversion, e.g. 1/3 under linear with three
   * clicks) by where the credited click sits in its journey. Works for leads and any currency.
   */
  byPosition: Record<ClickPosition, number>;
}

export interface CreditSummary {
  /** The currency most of the period's sales are in; the figures are in it. */
  currency: string | null;
  /** Sales in other currencies, left out of the figures. */
  otherCurrencySales: number;
  /**
   * Leads and sales in the period, and those with at least one ipick click. A sale refunded
   * in full is no conversion: it is left out of every count.
   */
  conversions: number;
  withClicks: number;
  /** Sales of the period refunded in full (listed, not counted). */
  refundedInFull: number;
  models: ModelSummary[];
}

/**
 * Adds up each model's credit for the dashboard: how much revenue and how many conversions it
 * gives ipick's clicks, and to which click of each journey (first, middle, last) it goes. The
 * server credits each sale on its amount less its refunds.
 */
export function summarizeCredits(report: AttributionReport): CreditSummary {
  const counts = new Map<string, number>();
  for (const conversion of report.conversions) {
    if (conversion.kind === 'sale' && conversion.currency) {
      counts.set(conversion.currency, (counts.get(conversion.currency) ?? 0) + 1);
    }
  }
  const currency = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  let otherCurrencySales = 0;
  let withClicks = 0;
  let refundedInFull = 0;
  const models = report.models.map((model): ModelSummary => ({
    model,
    creditedMinor: 0,
    conversions: 0,
    byPosition: { only: 0, first: 0, middle: 0, last: 0 },
  }));
  for (const conversion of report.conversions) {
    if (isRefundedInFull(conversion)) {
      refundedInFull++;
      continue;
    }
    const isOtherCurrency =
      conversion.kind === 'sale' &&
      conversion.currency !== null &&
      conversion.currency !== currency;
    if (isOtherCurrency) otherCurrencySales++;
    const clicks = journeyClicks(conversion);
    if (clicks.length > 0) withClicks++;
    const positionOf = (clickId: string): ClickPosition => {
      if (clicks.length === 1) return 'only';
      const index = clicks.indexOf(clickId);
      return index === 0 ? 'first' : index === clicks.length - 1 ? 'last' : 'middle';
    };
    for (const summary of models) {
      const credits = conversion.credits[summary.model] ?? [];
      if (credits.length === 0) continue;
      summary.conversions++;
      for (const credit of credits) {
        summary.byPosition[positionOf(credit.clickId)] += credit.share;
        if (!isOtherCurrency) summary.creditedMinor += credit.amountMinor;
      }
    }
  }
  return {
    currency,
    otherCurrencySales,
    conversions: report.conversions.length - refundedInFull,
    withClicks,
    refundedInFull,
    models,
  };
}

/**
 * Every credited click of a conversion's journey, first to last. The server lists each model's
 * credited clicks in the journey's order (ties of time included), and the longest list
 * (linear's, when asked for) names them all; sorting by time would misplace clicks of the same
 * moment (the last click drawn as the first).
 */
function journeyClicks(conversion: AttributionReport['conversions'][number]): string[] {
  const longest = Object.values(conversion.credits).reduce(
    (most, list) => (list.length > most.length ? list : most),
    [],
  );
  return longest.map((credit) => credit.clickId);
}
