import { currencyExponent, parsePrice } from '@ipick/core';

/** An offer's total: its price plus shipping when the shop says it (unknown shipping adds 0). */
export function offerTotalMinor(priceMinor: number | null, shippingMinor?: number | null) {
  return priceMinor === null ? null : priceMinor + (shippingMinor ?? 0);
}

/** The mark suggested for a new alert: about 10 % under the total now, in whole units. */
export function suggestedMarkMinor(totalMinor: number, currency: string): number {
  const unit = 10 ** currencyExponent(currency);
  const whole = Math.floor((totalMinor * 0.9) / unit) * unit;
  return whole > 0 ? whole : Math.max(1, totalMinor - 1);
}

/** The amount as typed in the field: '129', '129.50', '$1,299' (no symbol needed). */
export function markInputText(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const major = amountMinor / 10 ** exponent;
  return Number.isInteger(major) ? String(major) : major.toFixed(exponent);
}

export type MarkCheck = { ok: true; amountMinor: number } | { ok: false; message: string };

/** Reads the typed mark; it must be a price above zero and below the total now. */
export function readMark(text: string, currency: string, totalMinor: number | null): MarkCheck {
  const parsed = parsePrice(text.trim(), { currency });
  if (text.trim() === '' || parsed === null) {
    return { ok: false, message: 'Enter a price, like 99.99' };
  }
  if (parsed.amountMinor <= 0) return { ok: false, message: 'Enter a price above zero' };
  if (totalMinor !== null && parsed.amountMinor >= totalMinor) {
    return { ok: false, message: 'Pick a price below the price now' };
  }
  return { ok: true, amountMinor: parsed.amountMinor };
}
