import { formatMoney } from '@ipick/core';

/** "$37.99", or "Price unknown". */
export function priceText(amountMinor: number | null, currency: string | null): string {
  return amountMinor !== null && currency ? formatMoney(amountMinor, currency) : 'Price unknown';
}

/** "Save $12.00", "$3.00 more", "Same price", or null when the prices cannot be compared. */
export function savingsText(savingsMinor: number | null, currency: string | null): string | null {
  if (savingsMinor === null || !currency) return null;
  if (savingsMinor > 0) return `Save ${formatMoney(savingsMinor, currency)}`;
  if (savingsMinor < 0) return `${formatMoney(-savingsMinor, currency)} more`;
  return 'Same price';
}

/** "+ $4.99 shipping", "Free shipping", or null when the shop does not say. */
export function shippingText(
  shippingMinor: number | null | undefined,
  currency: string | null,
): string | null {
  if (shippingMinor === null || shippingMinor === undefined || !currency) return null;
  return shippingMinor === 0
    ? 'Free shipping'
    : `+ ${formatMoney(shippingMinor, currency)} shipping`;
}

/** "in_stock" → "In stock"; null stays null. */
export function humanize(value: string | null): string | null {
  return value ? value.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase()) : null;
}

/** A 0..1 confidence as "92% match". */
export function matchText(confidence: number): string {
  const percent = Math.round(Math.min(1, Math.max(0, confidence)) * 100);
  return `${String(percent)}% match`;
}
