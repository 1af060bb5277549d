/**
 * Figures and choices over scored pairs: precision/recall/F1 at a threshold, the thresholds the
 * matcher ships with, isotonic calibration and its reliability. Node only (training and benches).
 */
import { f1Scores } from '../../packages/core/src/matching/datasets.ts';
import type { Calibration } from '../../packages/core/src/matching/score.ts';

export interface Scored {
  scores: number[];
  labels: (0 | 1)[];
  /** Pairs the comparison's hard-conflict rules set apart whatever their score, when known. */
  conflicted?: boolean[];
}

export function scoresAt(set: Scored, threshold: number) {
  return f1Scores(
    set.scores.map((score) => score >= threshold),
    set.labels,
  );
}

const GRID = Array.from({ length: 99 }, (_, index) => Math.round((index + 1) * 1e2) / 1e4);

/** The single threshold (0.01 steps) with the best mean F1 over the sets. */
export function bestF1Threshold(sets: Scored[]): { threshold: number; f1: number } {
  let best = { threshold: 0.5, f1: -1 };
  for (const threshold of GRID) {
    const mean = sets.reduce((sum, set) => sum + scoresAt(set, threshold).f1, 0) / sets.length;
    if (mean > best.f1) best = { threshold, f1: mean };
  }
  return best;
}

/**
 * The lowest threshold (0.01 steps) at which the comparison's "same product" decision (at or
 * above the threshold, and no hard conflict) keeps at least `precision` % precision on every set
 * that calls some pair the same product (the target is per held-out source: pooled, a
 * source with many clean pairs hid one whose high scores were often wrong). 1 when none does:
 * then no score is enough, and only a shared product code (GTIN, the catalog's own link) makes a
 * listing "the same product".
 */
export function precisionThreshold(sets: Scored[], precision: number): number {
  for (const threshold of GRID) {
    let anyPredicted = false;
    const kept = sets.every((set) => {
      let truePositives = 0;
      let predicted = 0;
      set.scores.forEach((score, index) => {
        if (score < threshold || set.conflicted?.[index]) return;
        predicted += 1;
        truePositives += set.labels[index]!;
      });
      if (predicted === 0) return true;
      anyPredicted = true;
      return (truePositives / predicted) * 100 >= precision;
    });
    if (anyPredicted && kept) return threshold;
  }
  return 1;
}

/**
 * Isotonic regression (pool adjacent violators) of labels on raw probabilities, weighted, kept
 * as at most ~`points` knots of a piecewise-linear, non-decreasing map.
 */
export function fitIsotonic(
  raw: number[],
  labels: number[],
  weights: number[],
  points = 40,
): Calibration {
  const order = raw.map((_, index) => index).sort((a, b) => raw[a]! - raw[b]!);
  const blocks: { x: number; y: number; w: number }[] = [];
  for (const index of order) {
    blocks.push({
      x: raw[index]! * weights[index]!,
      y: labels[index]! * weights[index]!,
      w: weights[index]!,
    });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const previous = blocks[blocks.length - 2]!;
      if (previous.y / previous.w < last.y / last.w) break;
      previous.x += last.x;
      previous.y += last.y;
      previous.w += last.w;
      blocks.pop();
    }
  }
  const knots = blocks.map((block) => ({ x: block.x / block.w, y: block.y / block.w }));
  const step = Math.max(1, Math.ceil(knots.length / points));
  const kept = knots.filter((_, index) => index % step === 0 || index === knots.length - 1);
  // Kept away from 0 and 1 exactly: a calibrated score is never certainty.
  const clamp = (value: number) => Math.min(0.995, Math.max(0.005, value));
  return {
    raw: [0, ...kept.map((knot) => Math.round(knot.x * 1e4) / 1e4), 1],
    calibrated: [
      clamp(kept[0]?.y ?? 0),
      ...kept.map((knot) => Math.round(clamp(knot.y) * 1e4) / 1e4),
      Math.round(clamp(kept[kept.length - 1]?.y ?? 1) * 1e4) / 1e4,
    ],
  };
}

export interface ReliabilityBin {
  from: number;
  to: number;
  pairs: number;
  meanScore: number;
  matchRate: number;
}

/** Ten equal-width bins of score, and the expected calibration error (in points). */
export function reliability(set: Scored): { bins: ReliabilityBin[]; ece: number } {
  const bins: ReliabilityBin[] = Array.from({ length: 10 }, (_, index) => ({
    from: index / 10,
    to: (index + 1) / 10,
    pairs: 0,
    meanScore: 0,
    matchRate: 0,
  }));
  set.scores.forEach((score, index) => {
    const bin = bins[Math.min(9, Math.floor(score * 10))]!;
    bin.pairs += 1;
    bin.meanScore += score;
    bin.matchRate += set.labels[index]!;
  });
  let ece = 0;
  for (const bin of bins) {
    if (bin.pairs === 0) continue;
    bin.meanScore /= bin.pairs;
    bin.matchRate /= bin.pairs;
    ece += (bin.pairs / set.scores.length) * Math.abs(bin.meanScore - bin.matchRate);
  }
  return { bins, ece: ece * 100 };
}
