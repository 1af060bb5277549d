import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_MODELS,
  attributeConversion,
  creditShares,
  isAttributionModel,
  isWithinWindow,
  splitAmount,
} from './models.ts';

const DAY = 24 * 60 * 60 * 1000;
const t0 = Date.UTC(2026, 0, 1);

describe('creditShares', () => {
  it('gives the last or the first click everything', () => {
    expect(creditShares(3, 'last_click')).toEqual([0, 0, 1]);
    expect(creditShares(3, 'first_click')).toEqual([1, 0, 0]);
  });

  it('splits evenly for linear', () => {
    expect(creditShares(4, 'linear')).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('gives position-based 40/20/40, one click 100 % and two clicks 50/50', () => {
    expect(creditShares(1, 'position_based')).toEqual([1]);
    expect(creditShares(2, 'position_based')).toEqual([0.5, 0.5]);
    expect(creditShares(3, 'position_based')).toEqual([0.4, 0.2, 0.4]);
    const five = creditShares(5, 'position_based');
    expect(five[0]).toBe(0.4);
    expect(five[4]).toBe(0.4);
    for (const middle of five.slice(1, 4)) expect(middle).toBeCloseTo(0.2 / 3, 12);
  });

  it('gives nothing without clicks', () => {
    for (const model of ATTRIBUTION_MODELS) expect(creditShares(0, model)).toEqual([]);
  });

  it('always sums to 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom(...ATTRIBUTION_MODELS),
        (count, model) => {
          const shares = creditShares(count, model);
          expect(shares).toHaveLength(count);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  it('knows its model names', () => {
    expect(isAttributionModel('linear')).toBe(true);
    expect(isAttributionModel('time_decay')).toBe(false);
    expect(isAttributionModel(undefined)).toBe(false);
  });
});

describe('splitAmount', () => {
  it('splits into whole minor units that add up exactly', () => {
    expect(splitAmount(1000, [0.4, 0.2, 0.4])).toEqual([400, 200, 400]);
    expect(splitAmount(100, [1 / 3, 1 / 3, 1 / 3])).toEqual([33, 33, 34]);
    expect(splitAmount(-100, [0.5, 0.5])).toEqual([-50, -50]);
    expect(splitAmount(0, [0.5, 0.5])).toEqual([0, 0]);
  });

  it('never loses or makes a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom(...ATTRIBUTION_MODELS),
        (total, count, model) => {
          const parts = splitAmount(total, creditShares(count, model));
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          for (const part of parts) expect(Number.isInteger(part) && part >= 0).toBe(true);
        },
      ),
    );
  });
});

describe('attributeConversion', () => {
  const clicks = [
    { id: 'c', at: t0 + 20 * DAY },
    { id: 'a', at: t0 },
    { id: 'b', at: t0 + 10 * DAY },
  ];

  it('takes the clicks in time order', () => {
    const credits = attributeConversion({
      clicks,
      conversionAt: t0 + 21 * DAY,
      amountMinor: 10_000,
      windowDays: 30,
      model: 'position_based',
    });
    expect(credits).toEqual([
      { clickId: 'a', share: 0.4, amountMinor: 4000 },
      { clickId: 'b', share: 0.2, amountMinor: 2000 },
      { clickId: 'c', share: 0.4, amountMinor: 4000 },
    ]);
  });

  it('credits only clicks within the window before the conversion', () => {
    const conversionAt = t0 + 35 * DAY;
    const last = attributeConversion({ clicks, conversionAt, windowDays: 30, model: 'last_click' });
    expect(last.map((credit) => credit.clickId)).toEqual(['c']);
    const first = attributeConversion({
      clicks,
      conversionAt,
      windowDays: 30,
      model: 'first_click',
    });
    // Click `a` is 35 days old: outside a 30-day window, so `b` is the first eligible one.
    expect(first.map((credit) => credit.clickId)).toEqual(['b']);
    const narrow = attributeConversion({ clicks, conversionAt, windowDays: 7, model: 'linear' });
    expect(narrow).toEqual([]);
  });

  it('never credits a click made after the conversion', () => {
    const credits = attributeConversion({
      clicks,
      conversionAt: t0 + 15 * DAY,
      amountMinor: 999,
      windowDays: 30,
      model: 'linear',
    });
    expect(credits.map((credit) => credit.clickId)).toEqual(['a', 'b']);
    expect(credits.map((credit) => credit.amountMinor)).toEqual([499, 500]);
  });

  it('counts the window edges in', () => {
    expect(isWithinWindow(t0, t0 + 30 * DAY, 30)).toBe(true);
    expect(isWithinWindow(t0, t0 + 30 * DAY + 1, 30)).toBe(false);
    expect(isWithinWindow(t0 + 1, t0, 30)).toBe(false);
    expect(isWithinWindow(t0, t0, 1)).toBe(true);
  });
});
