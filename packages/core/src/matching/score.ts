/**
 * The product matcher: a small ensemble of gradient-boosted regression trees over pair features.
 * The trees are learned by `scripts/train-matcher.ts` from the train splits and stored in
 * `weights.json`; the threshold is tuned on the valid splits.
 */
import {
  computeFeatures,
  FEATURE_NAMES,
  prepareSide,
  type IdfTable,
  type PreparedSide,
  type ProductSide,
} from './features.ts';
import trainedModel from './weights.json' with { type: 'json' };

/**
 * One regression tree in pre-order. Node `i` is a leaf when `feature[i]` is -1, and then
 * `value[i]` is its output; otherwise a pair goes to node `i + 1` when its feature
 * `feature[i]` is at most `value[i]`, else to node `right[i]`.
 */
export interface RegressionTree {
  feature: number[];
  value: number[];
  right: number[];
}

/**
 * A non-decreasing piecewise-linear map from the trees' raw probability to a calibrated one:
 * `raw[i]` maps to `calibrated[i]`, linear in between. Learned by isotonic regression on pairs
 * from sources the trees were not trained on, so a score means the same on an unseen shop.
 */
export interface Calibration {
  raw: number[];
  calibrated: number[];
}

export interface MatcherModel {
  version: 2;
  features: string[];
  /** Log-odds before any tree. (A model is compiled on first use: do not change it after.) */
  bias: number;
  trees: RegressionTree[];
  /** Calibrated probability at or above which a pair is a match, tuned on the valid splits. */
  threshold: number;
  /** Absent in older weight files: the score is then the trees' raw probability. */
  calibration?: Calibration;
  /**
   * Calibrated probability from which the comparison calls a listing "the same product": the
   * lowest score that kept precision at 95 % on leave-one-source-out validation. Optional for
   * older weight files, which fall back to 0.7.
   */
  sameProductThreshold?: number;
  idf: IdfTable;
}

export interface MatchResult {
  /** Match probability in [0, 1]. */
  score: number;
  isMatch: boolean;
  reasons: string[];
}

/**
 * How the comparison presents a scored listing: "same" (above the 95 %-precision threshold),
 * "probable" ("probably the same — check the details": between that and the matcher's own
 * threshold), or "similar" (an alternative). Hard conflicts (size, capacity, condition…) are
 * applied by the caller on top of this and always make a listing "similar".
 */
export type MatchTier = 'same' | 'probable' | 'similar';

export function matchTier(score: number, model: MatcherModel = defaultMatcherModel): MatchTier {
  if (score >= (model.sameProductThreshold ?? 0.7)) return 'same';
  if (score >= model.threshold) return 'probable';
  return 'similar';
}

export const defaultMatcherModel: MatcherModel = trainedModel as MatcherModel;

/** The trees of a model laid out in flat typed arrays, for a fast loop. */
interface CompiledTrees {
  roots: Int32Array;
  feature: Int32Array;
  value: Float64Array;
  right: Int32Array;
}

const compiled = new WeakMap<MatcherModel, CompiledTrees>();

function compile(model: MatcherModel): CompiledTrees {
  let flat = compiled.get(model);
  if (flat) return flat;
  if (
    model.version !== 2 ||
    model.features.length !== FEATURE_NAMES.length ||
    model.features.some((name, i) => name !== FEATURE_NAMES[i])
  )
    throw new Error('matcher weights do not fit the feature set; run scripts/train-matcher.ts');
  const size = model.trees.reduce((sum, tree) => sum + tree.feature.length, 0);
  flat = {
    roots: new Int32Array(model.trees.length),
    feature: new Int32Array(size),
    value: new Float64Array(size),
    right: new Int32Array(size),
  };
  let offset = 0;
  model.trees.forEach((tree, index) => {
    flat.roots[index] = offset;
    tree.feature.forEach((feature, node) => {
      flat.feature[offset + node] = feature;
      flat.value[offset + node] = tree.value[node]!;
      flat.right[offset + node] = offset + tree.right[node]!;
    });
    offset += tree.feature.length;
  });
  compiled.set(model, flat);
  return flat;
}

/** The output of one tree for a feature vector. */
export function treeOutput(tree: RegressionTree, values: readonly number[]): number {
  let node = 0;
  for (;;) {
    const feature = tree.feature[node]!;
    if (feature < 0) return tree.value[node]!;
    node = values[feature]! <= tree.value[node]! ? node + 1 : tree.right[node]!;
  }
}

/** Log-odds of a match for a feature vector. */
export function logOdds(values: readonly number[], model: MatcherModel): number {
  const { roots, feature, value, right } = compile(model);
  let z = model.bias;
  for (let tree = 0; tree < roots.length; tree += 1) {
    let node = roots[tree]!;
    let split = feature[node]!;
    while (split >= 0) {
      node = values[split]! <= value[node]! ? node + 1 : right[node]!;
      split = feature[node]!;
    }
    z += value[node]!;
  }
  return z;
}

/** The trees' raw probability of a match, before calibration. */
export function rawProbability(values: readonly number[], model: MatcherModel): number {
  return 1 / (1 + Math.exp(-logOdds(values, model)));
}

/** A raw probability through the model's calibration map (identity without one). */
export function calibrate(raw: number, calibration: Calibration | undefined): number {
  if (!calibration) return raw;
  const { raw: xs, calibrated: ys } = calibration;
  if (raw <= xs[0]!) return ys[0]!;
  for (let index = 1; index < xs.length; index += 1) {
    const x = xs[index]!;
    if (raw <= x) {
      const x0 = xs[index - 1]!;
      const y0 = ys[index - 1]!;
      return x === x0 ? ys[index]! : y0 + ((raw - x0) / (x - x0)) * (ys[index]! - y0);
    }
  }
  return ys[ys.length - 1]!;
}

/** Calibrated probability that two prepared sides are the same product, from their features. */
export function probability(values: readonly number[], model: MatcherModel): number {
  return calibrate(rawProbability(values, model), model.calibration);
}

/** Score two sides already passed through `prepareSide` (reuse them when scoring many pairs). */
export function scorePreparedPair(
  left: PreparedSide,
  right: PreparedSide,
  model: MatcherModel = defaultMatcherModel,
): MatchResult {
  compile(model);
  const { values, reasons } = computeFeatures(left, right, model.idf);
  const score = probability(values, model);
  return { score, isMatch: score >= model.threshold, reasons };
}

/** Whether two retailer listings are the same product, with a confidence and human reasons. */
export function scoreProductPair(
  left: ProductSide,
  right: ProductSide,
  model: MatcherModel = defaultMatcherModel,
): MatchResult {
  return scorePreparedPair(prepareSide(left), prepareSide(right), model);
}
