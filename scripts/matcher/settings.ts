/**
 * The matcher's training settings, shared by `npm run train:matcher` and the quality bench so
 * that the bench's leave-one-source-out models are trained exactly as the shipped one. Chosen by
 * comparing leave-one-source-out figures; each may be overridden by a MATCHER_* variable.
 */
import { DEFAULT_TRAIN_OPTIONS, type TrainOptions } from './train.ts';

export function matcherSettings(env: NodeJS.ProcessEnv): TrainOptions {
  const setting = (name: string, fallback: number): number => {
    const value = env[`MATCHER_${name}`];
    return value === undefined || value === '' ? fallback : Number(value);
  };
  const base = DEFAULT_TRAIN_OPTIONS;
  return {
    ...base,
    maxDepth: setting('DEPTH', base.maxDepth),
    learningRate: setting('RATE', base.learningRate),
    maxTrees: setting('TREES', base.maxTrees),
    lambda: setting('LAMBDA', base.lambda),
    minHessian: setting('MIN_HESSIAN', base.minHessian),
    subsample: setting('SUBSAMPLE', base.subsample),
    colsample: setting('COLSAMPLE', base.colsample),
    seed: setting('SEED', base.seed),
    minDf: setting('MIN_DF', base.minDf),
    corpusIdf: setting('CORPUS_IDF', base.corpusIdf ? 1 : 0) === 1,
    excluded: env.MATCHER_EXCLUDED === undefined ? base.excluded : env.MATCHER_EXCLUDED.split(','),
  };
}
