/**
 * The product matcher: a small logistic regression over pair features. Its weights are learned
 * by `scripts/train-matcher.ts` from the train splits and stored in `weights.json`.
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

export interface MatcherModel {
  version: 1;
  features: string[];
  weights: number[];
  bias: number;
  /** Probability at or above which a pair is a match, tuned on the valid splits. */
  threshold: number;
  idf: IdfTable;
}

export interface MatchResult {
  /** Match probability in [0, 1]. */
  score: number;
  isMatch: boolean;
  reasons: string[];
}

export const defaultMatcherModel: MatcherModel = trainedModel as MatcherModel;

function checkModel(model: MatcherModel): void {
  if (
    model.features.length !== FEATURE_NAMES.length ||
    model.features.some((name, i) => name !== FEATURE_NAMES[i])
  )
    throw new Error('matcher weights do not fit the feature set; run scripts/train-matcher.ts');
}

/** Probability that two prepared sides are the same product, from their feature vector. */
export function probability(values: readonly number[], model: MatcherModel): number {
  let z = model.bias;
  for (let index = 0; index < values.length; index += 1)
    z += (model.weights[index] ?? 0) * values[index]!;
  return 1 / (1 + Math.exp(-z));
}

/** Score two sides already passed through `prepareSide` (reuse them when scoring many pairs). */
export function scorePreparedPair(
  left: PreparedSide,
  right: PreparedSide,
  model: MatcherModel = defaultMatcherModel,
): MatchResult {
  checkModel(model);
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
