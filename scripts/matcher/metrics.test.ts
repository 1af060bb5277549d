import { describe, expect, it } from 'vitest';
import { calibrate } from '../../packages/core/src/matching/score.ts';
import { bestF1Threshold, fitIsotonic, precisionThreshold, reliability } from './metrics.ts';

describe('fitIsotonic', () => {
  it('maps raw scores to the share of matches seen at them, never decreasing', () => {
    // An over-confident model: raw 0.9 is right only half the time, raw 0.2 never.
    const raw = [0.2, 0.2, 0.2, 0.2, 0.9, 0.9, 0.9, 0.9];
    const labels = [0, 0, 0, 0, 1, 0, 1, 0];
    const calibration = fitIsotonic(
      raw,
      labels,
      raw.map(() => 1),
    );
    expect(calibrate(0.9, calibration)).toBeCloseTo(0.5, 2);
    expect(calibrate(0.2, calibration)).toBeCloseTo(0.005, 3);
    const curve = [0, 0.1, 0.3, 0.5, 0.7, 0.95, 1].map((x) => calibrate(x, calibration));
    curve.slice(1).forEach((y, index) => expect(y).toBeGreaterThanOrEqual(curve[index]!));
  });

  it('pools violators: a dip in the match rate is averaged away', () => {
    const raw = [0.1, 0.3, 0.5, 0.7];
    const labels = [0, 1, 0, 1];
    const calibration = fitIsotonic(raw, labels, [1, 1, 1, 1]);
    // 0.3 (a match) and 0.5 (not one) become one block of rate 0.5 at their mean score.
    expect(calibrate(0.4, calibration)).toBeCloseTo(0.5, 2);
    expect(calibrate(0.3, calibration)).toBeLessThan(calibrate(0.5, calibration));
    expect(calibrate(0.7, calibration)).toBeCloseTo(0.995, 3);
  });
});

describe('precisionThreshold', () => {
  it('is the lowest threshold keeping the precision on every set', () => {
    // Set A (4 pairs): a false match at 0.6. Set B (2 pairs): clean.
    const a = { scores: [0.9, 0.8, 0.6, 0.1], labels: [1, 1, 0, 0] as (0 | 1)[] };
    const b = { scores: [0.7, 0.2], labels: [1, 0] as (0 | 1)[] };
    expect(precisionThreshold([a, b], 95)).toBe(0.61);
    // At 0.21, A keeps 2 of 3 (67 %) and B 1 of 1; at 0.2, B's non-match makes it 50 %.
    expect(precisionThreshold([a, b], 60)).toBe(0.21);
  });

  it('does not let a clean set hide another whose high scores are wrong', () => {
    // Pooled with each set weighing the same, 0.95 keeps 99 % (A's 4 matches weigh 1, B's one
    // non-match among 100 pairs 0.01); but every pair B calls the same product is another one.
    const a = { scores: [0.95, 0.95, 0.95, 0.95], labels: [1, 1, 1, 1] as (0 | 1)[] };
    const b = {
      scores: [0.95, ...Array.from({ length: 99 }, () => 0.1)],
      labels: [0, ...Array.from({ length: 99 }, () => 0 as const)] as (0 | 1)[],
    };
    expect(precisionThreshold([a, b], 95)).toBe(1);
    expect(precisionThreshold([a], 95)).toBeLessThanOrEqual(0.95);
  });

  it('leaves out pairs the hard-conflict rules set apart, as the comparison does', () => {
    const a = {
      scores: [0.9, 0.8, 0.6, 0.1],
      labels: [1, 1, 0, 0] as (0 | 1)[],
      conflicted: [false, false, true, false],
    };
    const b = { scores: [0.7, 0.2], labels: [1, 0] as (0 | 1)[] };
    // The false match at 0.6 is another size: the comparison never calls it the same product.
    expect(precisionThreshold([a, b], 95)).toBe(0.21);
  });

  it('is 1 (no score is enough) when no threshold keeps the precision', () => {
    const noisy = { scores: [0.9, 0.9, 0.5], labels: [1, 0, 0] as (0 | 1)[] };
    expect(precisionThreshold([noisy], 95)).toBe(1);
  });
});

describe('bestF1Threshold and reliability', () => {
  it('finds the threshold between the classes and measures calibration error', () => {
    const set = { scores: [0.1, 0.2, 0.3, 0.8, 0.9], labels: [0, 0, 0, 1, 1] as (0 | 1)[] };
    const { threshold, f1 } = bestF1Threshold([set]);
    expect(f1).toBe(100);
    expect(threshold).toBeGreaterThan(0.3);
    expect(threshold).toBeLessThanOrEqual(0.8);
    // Scores of 0.9 that are matches half the time are 40 points off.
    const { ece } = reliability({ scores: [0.9, 0.9], labels: [1, 0] });
    expect(ece).toBeCloseTo(40, 5);
  });
});
