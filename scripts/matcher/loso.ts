/**
 * Leave-one-source-out: for each source, a model trained and tuned on the OTHER sources only
 * (train splits to learn, valid splits to choose), judged on the held-out source.
 */
import {
  FEATURE_NAMES,
  type IdfTable,
  type ProductSide,
} from '../../packages/core/src/matching/features.ts';
import { f1Scores, type LabelledPair } from '../../packages/core/src/matching/datasets.ts';
import {
  calibrate,
  hardConflict,
  rawProbability,
  type MatcherModel,
} from '../../packages/core/src/matching/score.ts';
import {
  chooseCalibration,
  featurize,
  prep,
  sourceIdf,
  trainMatcher,
  type TrainOptions,
} from './train.ts';
import { reliability, scoresAt, type Scored } from './metrics.ts';
import type { MatchingSource } from './sources.ts';

export interface FoldResult {
  heldOut: string;
  model: MatcherModel;
  /** Calibrated scores of the fold's model on the held-out source's test split. */
  test: Scored;
  /** The same on the held-out source's valid split. */
  valid: Scored;
  /** At the fold's own match threshold. */
  matchScores: { precision: number; recall: number; f1: number };
  /**
   * The comparison's "same product" decision: at or above the fold's "same product" threshold
   * and with no hard conflict (conflicts.ts: size, capacity, pack, generation, model…).
   */
  sameScores: { precision: number; recall: number; f1: number };
  ece: number;
}

/** Whether the comparison's hard-conflict rules set a pair apart, whatever its score. */
export function hasConflict(left: ProductSide, right: ProductSide): boolean {
  return hardConflict(left, prep(left), right, prep(right));
}

/**
 * Raw (uncalibrated) probabilities of a model on labelled pairs, as `scoreProductPair` gives
 * them: a hard conflict between the titles vetoes the match.
 */
export function rawScores(
  model: MatcherModel,
  pairs: LabelledPair[],
  idf: IdfTable = model.idf,
): Scored {
  const features = featurize(pairs, idf);
  const conflicted = pairs.map(({ left, right }) => hasConflict(left, right));
  return {
    labels: pairs.map((pair) => pair.label),
    scores: features.map((values, index) => rawProbability(values, model, conflicted[index])),
    conflicted,
  };
}

function applyCalibration(model: MatcherModel, set: Scored): Scored {
  return { ...set, scores: set.scores.map((s) => calibrate(s, model.calibration)) };
}

/**
 * Trains one model per held-out source on the others. Each fold's calibration and thresholds
 * are then chosen on how the OTHER folds' models did on sources they never saw (their held-out
 * valid splits), so they describe behaviour on an unseen shop, and the held-out source's own
 * labels choose nothing. The returned `outOfSourceValid` sets choose the shipped model's.
 */
export function leaveOneSourceOut(
  sources: MatchingSource[],
  options: TrainOptions,
): { folds: FoldResult[]; outOfSourceValid: Scored[] } {
  const trained = sources.map((heldOut) => {
    options.log(`held out ${heldOut.name}: training on the others`);
    const { model } = trainMatcher(
      sources.filter((source) => source !== heldOut),
      options,
    );
    // With `corpusIdf`, the held-out source is scored with token rarity from its own
    // unlabelled listings, as the comparison would read it from the catalog it searches.
    const idf = sourceIdf(heldOut, options, model.idf);
    return {
      heldOut,
      model,
      valid: rawScores(model, heldOut.valid, idf),
      test: rawScores(model, heldOut.heldOutTest, idf),
    };
  });
  const folds = trained.map(({ heldOut, model, test, valid }) => {
    const others = trained.filter((fold) => fold.heldOut !== heldOut).map((fold) => fold.valid);
    Object.assign(model, chooseCalibration(others, options.samePrecision));
    const calibratedTest = applyCalibration(model, test);
    const conflicted = calibratedTest.conflicted ?? [];
    const sameThreshold = model.sameProductThreshold ?? model.threshold;
    return {
      heldOut: heldOut.name,
      model,
      test: calibratedTest,
      valid: applyCalibration(model, valid),
      matchScores: scoresAt(calibratedTest, model.threshold),
      sameScores: f1Scores(
        calibratedTest.scores.map((score, index) => score >= sameThreshold && !conflicted[index]),
        calibratedTest.labels,
      ),
      ece: reliability(calibratedTest).ece,
    };
  });
  return { folds, outOfSourceValid: trained.map((fold) => fold.valid) };
}

/** Which features the trees of a model use, and how often. */
export function featureUsage(model: MatcherModel): string {
  const usage = new Array<number>(FEATURE_NAMES.length).fill(0);
  for (const tree of model.trees)
    for (const feature of tree.feature) if (feature >= 0) usage[feature]! += 1;
  return FEATURE_NAMES.map((name, index) => `${name} ${usage[index]}`).join(', ');
}

/** The LOSO table: one line per held-out source, then the mean and the worst. */
export function losoTable(folds: FoldResult[]): string[][] {
  const lines = [
    ['held out', 'pairs', 'P', 'R', 'F1', 'same: P', 'same: R', 'ECE', 'threshold', 'same from'],
  ];
  for (const fold of folds)
    lines.push([
      fold.heldOut,
      String(fold.test.labels.length),
      fold.matchScores.precision.toFixed(1),
      fold.matchScores.recall.toFixed(1),
      fold.matchScores.f1.toFixed(1),
      // No pair called the same product: precision is undefined, not 0.
      fold.sameScores.recall === 0 && fold.sameScores.precision === 0
        ? '—'
        : fold.sameScores.precision.toFixed(1),
      fold.sameScores.recall.toFixed(1),
      fold.ece.toFixed(1),
      String(fold.model.threshold),
      String(fold.model.sameProductThreshold),
    ]);
  const mean = (pick: (fold: FoldResult) => number) =>
    (folds.reduce((sum, fold) => sum + pick(fold), 0) / folds.length).toFixed(1);
  const worst = (pick: (fold: FoldResult) => number, lowIsBad = true) =>
    (lowIsBad ? Math.min : Math.max)(...folds.map(pick)).toFixed(1);
  lines.push([
    'mean',
    '',
    mean((f) => f.matchScores.precision),
    mean((f) => f.matchScores.recall),
    mean((f) => f.matchScores.f1),
    mean((f) => f.sameScores.precision),
    mean((f) => f.sameScores.recall),
    mean((f) => f.ece),
    '',
    '',
  ]);
  lines.push([
    'worst',
    '',
    worst((f) => f.matchScores.precision),
    worst((f) => f.matchScores.recall),
    worst((f) => f.matchScores.f1),
    worst((f) => f.sameScores.precision),
    worst((f) => f.sameScores.recall),
    worst((f) => f.ece, false),
    '',
    '',
  ]);
  return lines;
}

export function formatTable(lines: string[][]): string {
  const widths = lines[0]!.map((_, column) =>
    Math.max(...lines.map((line) => (line[column] ?? '').length)),
  );
  return lines
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
