/**
 * Trains one matcher model on a set of sources: trees on their train splits; the number of
 * trees, the calibration and both thresholds chosen on their valid splits only.
 */
import type { LabelledPair } from '../../packages/core/src/matching/datasets.ts';
import {
  computeFeatures,
  FEATURE_NAMES,
  idfFromTitles,
  prepareSide,
  type IdfTable,
  type PreparedSide,
  type ProductSide,
} from '../../packages/core/src/matching/features.ts';
import {
  calibrate,
  hardConflict,
  rawProbability,
  VETO_FACTOR,
  vetoed,
  type MatcherModel,
} from '../../packages/core/src/matching/score.ts';
import { boostTrees, treeValue, type BoostingOptions, type TrainingRow } from './boosting.ts';
import { bestF1Threshold, fitIsotonic, precisionThreshold, type Scored } from './metrics.ts';

export interface TrainingSource {
  name: string;
  train: LabelledPair[];
  valid: LabelledPair[];
  /** The source's unlabelled listings, for its own corpus statistics (`corpusIdf`). */
  corpus?: ProductSide[];
}

export interface TrainOptions extends BoostingOptions {
  /** Tokens seen in fewer train records are left out of the IDF table. */
  minDf: number;
  /** Features the trees may not use (by name), to test what transfers. */
  excluded: string[];
  /** Precision (%) the "same product" threshold must keep on the valid splits, pooled. */
  samePrecision: number;
  /**
   * Each source's pairs are featurised with token rarity read from that source's own unlabelled
   * listings (`corpus`), as the comparison would read it from the catalog it searches, instead
   * of one table pooled over the train pairs.
   */
  corpusIdf: boolean;
  log: (line: string) => void;
}

/**
 * The shipped settings, chosen on leave-one-source-out figures (docs/benchmarks.md): shallow
 * trees (depth 3) transfer to unseen shops better than the depth-6 ones fitted before (mean
 * LOSO F1 63.8 vs 58.6), and absolute lengths and description overlap, which mostly say which
 * source a pair comes from (only some sources have descriptions, each has its own title
 * lengths), are left out (worst LOSO F1 44.9 vs 42.1, calibration error 8.1 vs 9.2). Words in
 * fewer than 8 listings weigh as the rarest (LOSO F1 72.9 / 56.7 mean / worst vs 71.9 / 55.7 with
 * 4, and better on the held-out sources' valid splits too: 77.5 vs 75.2).
 */
export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  maxDepth: 3,
  learningRate: 0.1,
  maxTrees: 200,
  lambda: 1,
  minHessian: 2,
  subsample: 0.8,
  colsample: 0.8,
  seed: 1,
  minDf: 8,
  excluded: ['shortLength', 'lengthRatio', 'fullTextContainment'],
  samePrecision: 95,
  corpusIdf: true,
  log: () => {},
};

const prepared = new Map<ProductSide, PreparedSide>();
/** Sides are prepared once per process: preparation does not depend on the model. */
export function prep(side: ProductSide): PreparedSide {
  let value = prepared.get(side);
  if (!value) {
    value = prepareSide(side);
    prepared.set(side, value);
  }
  return value;
}

export function featurize(pairs: LabelledPair[], idf: IdfTable): number[][] {
  return pairs.map(({ left, right }) => computeFeatures(prep(left), prep(right), idf).values);
}

/** Document frequencies over the distinct records of the train pairs; only common tokens. */
export function buildIdf(pairLists: LabelledPair[][], minDf: number): IdfTable {
  const records = new Set<ProductSide>();
  for (const pairs of pairLists) for (const { left, right } of pairs) records.add(left).add(right);
  return recordIdf(records, minDf);
}

/** Document frequencies of title tokens over some records; only tokens in `minDf` or more. */
export function recordIdf(records: Iterable<ProductSide>, minDf: number): IdfTable {
  return idfFromTitles(
    (function* () {
      for (const record of records) yield record.title;
    })(),
    minDf,
  );
}

/** The IDF a source's pairs are featurised with: its own listings' or the pooled one. */
export function sourceIdf(
  source: { corpus?: ProductSide[] },
  options: Pick<TrainOptions, 'corpusIdf' | 'minDf'>,
  pooled: IdfTable,
): IdfTable {
  return options.corpusIdf && source.corpus && source.corpus.length > 0
    ? recordIdf(source.corpus, options.minDf)
    : pooled;
}

export interface TrainedMatcher {
  model: MatcherModel;
  /** Raw probabilities of the final trees on each source's valid split. */
  validRaw: Record<string, Scored>;
}

/**
 * `reported` are pairs shoppers reported and admins confirmed (wrong matches): extra train rows,
 * each weighing as one negative pair of an average source, so a handful of reports teaches the
 * trees without outweighing a benchmark.
 */
export function trainMatcher(
  sources: TrainingSource[],
  options: TrainOptions,
  reported: LabelledPair[] = [],
): TrainedMatcher {
  const idf = buildIdf(
    sources.map((source) => source.train),
    options.minDf,
  );
  // Every source weighs the same in the loss, and within it positives and negatives 1 : 2.
  const rows: TrainingRow[] = [];
  const idfs = sources.map((source) => sourceIdf(source, options, idf));
  for (const [position, source] of sources.entries()) {
    const features = featurize(source.train, idfs[position]!);
    const positives = source.train.filter((pair) => pair.label === 1).length;
    features.forEach((x, index) => {
      const y = source.train[index]!.label;
      const share = y === 1 ? 1 / 3 / positives : 2 / 3 / (source.train.length - positives);
      rows.push({ x, y, w: share });
    });
  }
  if (reported.length > 0) {
    const negativesPerSource =
      sources.reduce(
        (sum, source) => sum + source.train.filter((pair) => pair.label === 0).length,
        0,
      ) / sources.length;
    featurize(reported, idf).forEach((x, index) => {
      rows.push({ x, y: reported[index]!.label, w: 2 / 3 / negativesPerSource });
    });
  }
  // Valid pairs are scored as the shipped matcher scores them: a veto feature or a hard
  // conflict between the titles scales the probability down (score.ts).
  const validSets = sources.map((source, position) => {
    const x = featurize(source.valid, idfs[position]!);
    return {
      name: source.name,
      labels: source.valid.map((pair) => pair.label),
      x,
      conflicted: source.valid.map(
        ({ left, right }, index) =>
          vetoed(x[index]!) || hardConflict(left, prep(left), right, prep(right)),
      ),
    };
  });
  const validMargins = validSets.map(({ x }) => new Float64Array(x.length));
  const allowed = FEATURE_NAMES.map((_, index) => index).filter(
    (index) => !options.excluded.includes(FEATURE_NAMES[index]!),
  );
  let best = { trees: 0, f1: -1 };
  const ensemble = boostTrees(
    rows,
    FEATURE_NAMES.length,
    { ...options, allowed },
    (current, tree, round) => {
      validSets.forEach(({ x }, set) => {
        x.forEach((values, index) => {
          validMargins[set]![index]! += treeValue(tree, values);
        });
      });
      if (round % 10 !== 0 && round !== options.maxTrees) return;
      const sets = validSets.map(({ labels, conflicted }, set) => ({
        labels,
        scores: Array.from(
          validMargins[set]!,
          (m, index) =>
            (1 / (1 + Math.exp(-(m + current.bias)))) * (conflicted[index] ? VETO_FACTOR : 1),
        ),
      }));
      const { f1, threshold } = bestF1Threshold(sets);
      if (f1 > best.f1 + 0.05) best = { trees: round, f1 };
      if (round % 50 === 0)
        options.log(`  ${round} trees: mean valid F1 ${f1.toFixed(2)} at ${threshold}`);
    },
  );
  const model: MatcherModel = {
    version: 2,
    features: [...FEATURE_NAMES],
    bias: ensemble.bias,
    trees: ensemble.trees.slice(0, best.trees),
    threshold: 0.5,
    idf,
  };
  const validRaw: Record<string, Scored> = {};
  for (const { name, labels, x, conflicted } of validSets)
    validRaw[name] = {
      labels,
      scores: x.map((values, index) => rawProbability(values, model, conflicted[index])),
    };
  Object.assign(model, chooseCalibration(Object.values(validRaw), options.samePrecision));
  options.log(
    `  ${best.trees} trees, threshold ${model.threshold}, same product from ${model.sameProductThreshold}`,
  );
  return { model, validRaw };
}

/**
 * The calibration and both thresholds, chosen on raw scores of labelled sets: an isotonic map
 * (each set weighing the same), the threshold with the best mean F1, and the lowest threshold
 * that keeps `samePrecision` % precision on the sets pooled (never below the first).
 */
export function chooseCalibration(
  sets: Scored[],
  samePrecision: number,
): Pick<MatcherModel, 'calibration' | 'threshold' | 'sameProductThreshold'> {
  const calibration = fitCalibration(sets);
  const calibrated = sets.map((set) => ({
    ...set,
    scores: set.scores.map((score) => calibrate(score, calibration)),
  }));
  const threshold = bestF1Threshold(calibrated).threshold;
  return {
    calibration,
    threshold,
    sameProductThreshold: Math.max(threshold, precisionThreshold(calibrated, samePrecision)),
  };
}

/** Isotonic calibration over several sets, each set weighing the same. */
export function fitCalibration(sets: Scored[]) {
  const raw: number[] = [];
  const labels: number[] = [];
  const weights: number[] = [];
  for (const set of sets) {
    raw.push(...set.scores);
    labels.push(...set.labels);
    weights.push(...set.scores.map(() => 1 / set.scores.length));
  }
  return fitIsotonic(raw, labels, weights);
}
