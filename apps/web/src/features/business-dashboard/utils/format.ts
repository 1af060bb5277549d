import { formatMoney } from '@ipick/core';

const countFormat = new Intl.NumberFormat('en-US');
const percentFormat = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
});

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** 0.1234 → "12.3%". */
export function formatPercent(value: number): string {
  return percentFormat.format(value);
}

/** "+12%" / "−5%" / "No change" / null when there is nothing to compare with. */
export function formatChange(change: number | null): string | null {
  if (change === null) return null;
  if (Math.abs(change) < 0.0005) return 'No change';
  const text = percentFormat.format(Math.abs(change));
  return change > 0 ? `+${text}` : `−${text}`;
}

export function formatAmount(amountMinor: number, currency: string): string {
  return formatMoney(amountMinor, currency);
}
