import { describe, expect, it } from 'vitest';
import { isRefundedInFull, netSaleMinor } from './refunds.ts';

describe('netSaleMinor', () => {
  it('takes the refunds off the sale, never below 0', () => {
    expect(netSaleMinor(11_900, 0)).toBe(11_900);
    expect(netSaleMinor(11_900, 1_900)).toBe(10_000);
    expect(netSaleMinor(11_900, 11_900)).toBe(0);
    expect(netSaleMinor(11_900, 20_000)).toBe(0);
  });
});

describe('isRefundedInFull', () => {
  it('is true for a sale whose refunds reach its amount', () => {
    expect(isRefundedInFull({ kind: 'sale', amountMinor: 11_900, refundedMinor: 11_900 })).toBe(
      true,
    );
    expect(isRefundedInFull({ kind: 'sale', amountMinor: 11_900, refundedMinor: 1_900 })).toBe(
      false,
    );
  });

  it('is false without a refund, for a free sale and for a lead', () => {
    expect(isRefundedInFull({ kind: 'sale', amountMinor: 11_900, refundedMinor: 0 })).toBe(false);
    expect(isRefundedInFull({ kind: 'sale', amountMinor: 0, refundedMinor: 0 })).toBe(false);
    expect(isRefundedInFull({ kind: 'lead', amountMinor: 0, refundedMinor: 0 })).toBe(false);
  });
});
