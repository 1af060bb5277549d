/**
 * Attribution models for merchant conversions (research §4.1): which of a shopper's ipick clicks
 * get credit for a lead or a sale. Billing follows one deterministic rule (last click within the
 * merchant's window); the other models are reporting views computed at read time.
 */
export const ATTRIBUTION_MODELS = [
  'last_click',
  'first_click',
  'linear',
  'position_based',
] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];

export const DEFAULT_ATTRIBUTION_MODEL: AttributionModel = 'last_click';
export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Position-based (U-shaped): 40 % to the first click, 40 % to the last, 20 % over the middle. */
const POSITION_ENDS_SHARE = 0.4;
const POSITION_MIDDLE_SHARE = 0.2;

export function isAttributionModel(value: unknown): value is AttributionModel {
  return typeof value === 'string' && (ATTRIBUTION_MODELS as readonly string[]).includes(value);
}

/**
 * The share of credit of each of `count` clicks (earliest first) under `model`; the shares sum
 * to 1, and no clicks give no shares. Position-based gives one click 100 % and two clicks 50/50.
 */
export function creditShares(count: number, model: AttributionModel): number[] {
  if (!Number.isInteger(count) || count <= 0) return [];
  const shares = new Array<number>(count).fill(0);
  switch (model) {
    case 'last_click':
      shares[count - 1] = 1;
      return shares;
    case 'first_click':
      shares[0] = 1;
      return shares;
    case 'linear':
      return shares.fill(1 / count);
    case 'position_based': {
      if (count === 1) return [1];
      if (count === 2) return [0.5, 0.5];
      shares.fill(POSITION_MIDDLE_SHARE / (count - 2));
      shares[0] = POSITION_ENDS_SHARE;
      shares[count - 1] = POSITION_ENDS_SHARE;
      return shares;
    }
  }
}

/**
 * Splits `total` minor units by `shares` into whole units that add up to `total` exactly
 * (largest remainder; ties go to the later click, the one nearer the conversion).
 */
export function splitAmount(total: number, shares: readonly number[]): number[] {
  if (shares.length === 0) return [];
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(Math.trunc(total));
  const exact = shares.map((share) => share * magnitude);
  const parts = exact.map(Math.floor);
  let left = magnitude - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || b.index - a.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts.map((part) => part * sign);
}

/** A click that may earn credit: its id and when it happened (epoch milliseconds). */
export interface AttributableClick {
  id: string;
  at: number;
}

/** One click's part of one conversion. */
export interface ClickCredit {
  clickId: string;
  /** From 0 to 1; a conversion's credits sum to 1 when any click is in its window. */
  share: number;
  /** The conversion's amount times the share, in whole minor units that sum to the amount. */
  amountMinor: number;
}

/** Whether a click at `clickAt` may be credited with a conversion at `conversionAt`. */
export function isWithinWindow(clickAt: number, conversionAt: number, windowDays: number): boolean {
  return clickAt <= conversionAt && conversionAt - clickAt <= windowDays * DAY_MS;
}

/**
 * The clicks credited with one conversion under `model`: only clicks at or before the
 * conversion and at most `windowDays` before it count, taken in time order (ties keep their
 * given order). No click in the window gives no credit.
 */
export function attributeConversion(input: {
  clicks: readonly AttributableClick[];
  conversionAt: number;
  amountMinor?: number;
  windowDays: number;
  model: AttributionModel;
}): ClickCredit[] {
  const eligible = input.clicks
    .map((click, order) => ({ click, order }))
    .filter(({ click }) => isWithinWindow(click.at, input.conversionAt, input.windowDays))
    .sort((a, b) => a.click.at - b.click.at || a.order - b.order)
    .map(({ click }) => click);
  const shares = creditShares(eligible.length, input.model);
  const amounts = splitAmount(input.amountMinor ?? 0, shares);
  return eligible
    .map((click, index) => ({
      clickId: click.id,
      share: shares[index]!,
      amountMinor: amounts[index]!,
    }))
    .filter((credit) => credit.share > 0);
}
