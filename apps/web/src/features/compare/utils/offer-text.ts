import type { MatchTierValue } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';

/** "$37.99", or "Price unknown". */
export function priceText(amountMinor: number | null, currency: string | null): string {
  return amountMinor !== null && currency ? formatMoney(amountMinor, currency) : 'Price unknown';
}

/**
 * The badge of an offer's total against the pasted product's: for the same product "Save $12.00"
 * or "$3.00 more"; for another product "$12.00 less" or "$3.00 more" (a lower price is not a
 * saving on the shopper's own product); "Same price"; null when the prices cannot be compared.
 */
export function savingsText(
  savingsMinor: number | null,
  currency: string | null,
  isSameProduct = true,
): string | null {
  if (savingsMinor === null || !currency) return null;
  if (savingsMinor > 0)
    return isSameProduct
      ? `Save ${formatMoney(savingsMinor, currency)}`
      : `${formatMoney(savingsMinor, currency)} less`;
  if (savingsMinor < 0) return `${formatMoney(-savingsMinor, currency)} more`;
  return 'Same price';
}

/** "+ $4.99 shipping", "Free shipping", or "Shipping unknown" when the shop does not say. */
export function shippingText(
  shippingMinor: number | null | undefined,
  currency: string | null,
): string {
  if (shippingMinor === null || shippingMinor === undefined || !currency) return 'Shipping unknown';
  return shippingMinor === 0
    ? 'Free shipping'
    : `+ ${formatMoney(shippingMinor, currency)} shipping`;
}

/** "in_stock" → "In stock"; null stays null. */
export function humanize(value: string | null): string | null {
  return value ? value.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase()) : null;
}

/** How a shopper reads a match tier (issue 19: plain words, no percentages). */
export const TIER_LABELS: Record<MatchTierValue, string> = {
  same: 'Same product',
  probable: 'Probably the same — check the details',
  similar: 'Similar',
};

/** Most characters of a product's name in a tab title. */
const SHORT_NAME_LENGTH = 40;

/**
 * A product's name short enough for a tab: the title up to its first " - ", "," or "(" (what
 * shops append: features, colours, packs), cut at a word within 40 characters; an inch mark
 * after a number is written as one (85″).
 */
export function shortProductName(title: string): string {
  const name = title.replace(/(\d)\s?"/g, '$1″');
  const head = name.split(/\s[-–—|]\s|,|\(/)[0]!.trim() || name.trim();
  if (head.length <= SHORT_NAME_LENGTH) return head;
  const cut = head.slice(0, SHORT_NAME_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 10 ? cut.slice(0, lastSpace) : cut.slice(0, SHORT_NAME_LENGTH)).trim()}…`;
}
