/**
 * The product matcher: a small ensemble of gradient-boosted regression trees over pair features.
 * The trees are learned by `scripts/train-matcher.ts` from the train splits and stored in
 * `weights.json`; the threshold is tuned on the valid splits.
 */
import { conflictFacts, findConflicts } from './conflicts.ts';
import {
  computeFeatures,
  FEATURE_NAMES,
  prepareSide,
  type FeatureName,
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
  let tree = 0;
  // Four trees walked side by side: each step of a walk waits on the last, so four walks keep
  // the processor busier than one. Their outputs are added in the trees' order all the same.
  for (; tree + 4 <= roots.length; tree += 4) {
    let a = roots[tree]!;
    let b = roots[tree + 1]!;
    let c = roots[tree + 2]!;
    let d = roots[tree + 3]!;
    let splitA = feature[a]!;
    let splitB = feature[b]!;
    let splitC = feature[c]!;
    let splitD = feature[d]!;
    while (splitA >= 0 || splitB >= 0 || splitC >= 0 || splitD >= 0) {
      if (splitA >= 0) {
        a = values[splitA]! <= value[a]! ? a + 1 : right[a]!;
        splitA = feature[a]!;
      }
      if (splitB >= 0) {
        b = values[splitB]! <= value[b]! ? b + 1 : right[b]!;
        splitB = feature[b]!;
      }
      if (splitC >= 0) {
        c = values[splitC]! <= value[c]! ? c + 1 : right[c]!;
        splitC = feature[c]!;
      }
      if (splitD >= 0) {
        d = values[splitD]! <= value[d]! ? d + 1 : right[d]!;
        splitD = feature[d]!;
      }
    }
    z += value[a]!;
    z += value[b]!;
    z += value[c]!;
    z += value[d]!;
  }
  for (; tree < roots.length; tree += 1) {
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

/**
 * Differences that make two listings different products whatever the trees say, so that a pair
 * showing one is never a match. Software listings differ by what they are sold as: another
 * platform (Mac vs Windows), edition (Standard vs Professional), year (2006 vs 2007), or a licence
 * kind on one side only (an upgrade, academic or OEM copy is not the full retail product). Few
 * pairs of the electronics sources show these, so trees learned there never weigh them, and out of
 * source they called upgrades and editions the same product (Amazon-Google held out: F1 44.9 ->
 * 55.4). The hard conflicts of conflicts.ts (size, capacity, pack, generation, edition or
 * version, model number or model of a line, colour, connector, a hardware variant such as mono or
 * stereo, condition, region) veto the same way where both titles are known
 * (`scoreProductPair`; the comparison applies them itself, see `scorePreparedPair`).
 */
export const VETO_FEATURES: readonly FeatureName[] = [
  'platformConflict',
  'editionConflict',
  'yearConflict',
  'licenceMismatch',
];
const VETO_INDICES = VETO_FEATURES.map((name) => FEATURE_NAMES.indexOf(name));

/**
 * A vetoed pair's raw probability is scaled down this much: far below any threshold, yet in the
 * same order as the trees put it (the calibration and the alternatives' closeness still read it).
 */
export const VETO_FACTOR = 0.01;

/** Whether a veto feature is set in a feature vector. */
export function vetoed(values: readonly number[]): boolean {
  return VETO_INDICES.some((index) => values[index]! > 0.5);
}

/**
 * The trees' raw probability of a match, before calibration; scaled down by VETO_FACTOR when a
 * veto feature is set or the caller found a hard conflict (`conflicted`).
 */
export function rawProbability(
  values: readonly number[],
  model: MatcherModel,
  conflicted = false,
): number {
  const raw = 1 / (1 + Math.exp(-logOdds(values, model)));
  return conflicted || vetoed(values) ? raw * VETO_FACTOR : raw;
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
export function probability(
  values: readonly number[],
  model: MatcherModel,
  conflicted = false,
): number {
  return calibrate(rawProbability(values, model, conflicted), model.calibration);
}

/**
 * Score two sides already passed through `prepareSide` (reuse them when scoring many pairs).
 * `conflicted`: the caller found a hard conflict between the two listings (conflicts.ts), which
 * vetoes the match. The comparison reads the conflicts itself, with each shop's condition field,
 * and shows a conflicting listing as an alternative whatever its score. `idf`: token rarity in
 * the catalog being searched (`idfFromTitles` over its offers' titles), which the model was
 * trained to read (each source's pairs with its own listings' rarity); the model's own table,
 * from its train splits, when the catalog is too small to tell.
 */
export function scorePreparedPair(
  left: PreparedSide,
  right: PreparedSide,
  model: MatcherModel = defaultMatcherModel,
  conflicted = false,
  idf: IdfTable = model.idf,
): MatchResult {
  compile(model);
  const { values, reasons } = computeFeatures(left, right, idf);
  const score = probability(values, model, conflicted);
  return { score, isMatch: score >= model.threshold, reasons };
}

/** Whether two listings' titles show a hard conflict (conflicts.ts: size, capacity, pack…). */
export function hardConflict(
  left: ProductSide,
  preparedLeft: PreparedSide,
  right: ProductSide,
  preparedRight: PreparedSide,
): boolean {
  const facts = (side: ProductSide, prepared: PreparedSide) =>
    conflictFacts({ title: side.title, side: prepared });
  return findConflicts(facts(right, preparedRight), facts(left, preparedLeft)).length > 0;
}

/**
 * Whether two retailer listings are the same product, with a confidence and human reasons. A
 * hard conflict between their titles vetoes the match, as it does in the comparison. `idf`: token
 * rarity in the listings' catalog when known (see `scorePreparedPair`).
 */
export function scoreProductPair(
  left: ProductSide,
  right: ProductSide,
  model: MatcherModel = defaultMatcherModel,
  idf: IdfTable = model.idf,
): MatchResult {
  const preparedLeft = prepareSide(left);
  const preparedRight = prepareSide(right);
  return scorePreparedPair(
    preparedLeft,
    preparedRight,
    model,
    hardConflict(left, preparedLeft, right, preparedRight),
    idf,
  );
}
