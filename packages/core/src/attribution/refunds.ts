/**
 * Refunds and credit (research §4.1 and §7: billing follows one rule "with locking/reversal",
 * and a conversion's status can be "reversed"): a sale earns credit on what the shop kept, its
 * amount less its refunds, and a sale refunded in full is reversed, so it is no conversion.
 */

/** What a sale earns credit on: its amount less its refunds, never below 0. */
export function netSaleMinor(amountMinor: number, refundedMinor: number): number {
  return Math.max(0, amountMinor - refundedMinor);
}

/** A sale refunded in full: it credits nothing and counts as no conversion. */
export function isRefundedInFull(conversion: {
  kind: string;
  amountMinor: number;
  refundedMinor: number;
}): boolean {
  return (
    conversion.kind === 'sale' &&
    conversion.refundedMinor > 0 &&
    conversion.refundedMinor >= conversion.amountMinor
  );
}
