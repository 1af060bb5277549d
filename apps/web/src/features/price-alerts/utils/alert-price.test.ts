import { describe, expect, it } from 'vitest';
import { markInputText, offerTotalMinor, readMark, suggestedMarkMinor } from './alert-price';

describe('price alert marks', () => {
  it('adds known shipping to the total', () => {
    expect(offerTotalMinor(1195, 599)).toBe(1794);
    expect(offerTotalMinor(1195, null)).toBe(1195);
    expect(offerTotalMinor(null, 599)).toBeNull();
  });

  it('suggests about 10 % under the total, in whole dollars', () => {
    expect(suggestedMarkMinor(14995, 'USD')).toBe(13400);
    expect(suggestedMarkMinor(150, 'USD')).toBe(100);
    expect(suggestedMarkMinor(50, 'USD')).toBe(49);
    expect(markInputText(13400, 'USD')).toBe('134');
    expect(markInputText(13450, 'USD')).toBe('134.50');
  });

  it('reads a typed price, and says what is wrong with a bad one', () => {
    expect(readMark('$1,299.50', 'USD', 200000)).toEqual({ ok: true, amountMinor: 129950 });
    expect(readMark('', 'USD', 1000)).toEqual({ ok: false, message: 'Enter a price, like 99.99' });
    expect(readMark('abc', 'USD', 1000)).toMatchObject({ ok: false });
    expect(readMark('0', 'USD', 1000)).toEqual({ ok: false, message: 'Enter a price above zero' });
    expect(readMark('10', 'USD', 1000)).toEqual({
      ok: false,
      message: 'Pick a price below the price now',
    });
  });
});
