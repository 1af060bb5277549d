/**
 * A small gradient-boosted tree learner (logistic loss, second-order leaf values, histogram
 * splits over at most 64 cut points per feature, seeded row and feature subsampling), written
 * here so that the app needs no learning library. Deterministic for a given seed and data.
 */
import type { RegressionTree } from '../../packages/core/src/matching/score.ts';

export interface BoostingOptions {
  maxDepth: number;
  learningRate: number;
  maxTrees: number;
  lambda: number;
  minHessian: number;
  subsample: number;
  colsample: number;
  seed: number;
  /** Feature indices the trees may split on (all when absent). */
  allowed?: number[];
}

export interface TrainingRow {
  x: number[];
  y: 0 | 1;
  /** Relative weight in the loss. */
  w: number;
}

export interface Ensemble {
  bias: number;
  trees: RegressionTree[];
}

const MAX_CUTS = 64;

/** A seeded generator (mulberry32), so a training run is reproducible. */
export function seededRandom(seed: number): () => number {
  let state = Math.imul(seed, 2654435761);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Boosts trees on `rows`, calling `onRound` after every tree with the ensemble so far (the caller
 * scores its valid sets and keeps the best prefix).
 */
export function boostTrees(
  rows: TrainingRow[],
  dimensions: number,
  options: BoostingOptions,
  onRound: (ensemble: Ensemble, tree: RegressionTree, round: number) => void,
): Ensemble {
  const count = rows.length;
  const weightSum = rows.reduce((sum, row) => sum + row.w, 0);
  const rowWeight = Float64Array.from(rows, (row) => (row.w * count) / weightSum);
  const label = Float64Array.from(rows, (row) => row.y);

  // Cut points per feature: midpoints between distinct values, or between quantiles.
  const cuts: number[][] = [];
  const bins: Uint8Array[] = [];
  for (let feature = 0; feature < dimensions; feature += 1) {
    const sorted = rows.map((row) => row.x[feature]!).sort((a, b) => a - b);
    const distinct = [...new Set(sorted)];
    let edges = distinct;
    if (distinct.length > MAX_CUTS + 1) {
      edges = [];
      for (let q = 0; q <= MAX_CUTS; q += 1)
        edges.push(
          sorted[Math.min(sorted.length - 1, Math.floor((q / MAX_CUTS) * sorted.length))]!,
        );
      edges = [...new Set(edges)];
    }
    const featureCuts: number[] = [];
    for (let index = 0; index + 1 < edges.length; index += 1)
      featureCuts.push(Math.round(((edges[index]! + edges[index + 1]!) / 2) * 1e5) / 1e5);
    cuts.push(featureCuts);
    const featureBins = new Uint8Array(count);
    rows.forEach((row, index) => {
      const value = row.x[feature]!;
      let bin = 0;
      while (bin < featureCuts.length && value > featureCuts[bin]!) bin += 1;
      featureBins[index] = bin;
    });
    bins.push(featureBins);
  }

  const random = seededRandom(options.seed);
  const gradient = new Float64Array(count);
  const hessian = new Float64Array(count);
  const { maxDepth, lambda, minHessian, learningRate } = options;

  const buildTree = (sample: number[], features: number[]): RegressionTree => {
    const tree: RegressionTree = { feature: [], value: [], right: [] };
    const grow = (members: number[], depth: number): void => {
      let gSum = 0;
      let hSum = 0;
      for (const row of members) {
        gSum += gradient[row]!;
        hSum += hessian[row]!;
      }
      const node = tree.feature.length;
      const leaf = (): void => {
        tree.feature.push(-1);
        tree.value.push(Math.round((-gSum / (hSum + lambda)) * learningRate * 1e4) / 1e4);
        tree.right.push(0);
      };
      if (depth >= maxDepth || hSum < 2 * minHessian) return leaf();
      const parentScore = (gSum * gSum) / (hSum + lambda);
      let best = { gain: 1e-6, feature: -1, cut: -1 };
      for (const feature of features) {
        const featureCuts = cuts[feature]!;
        if (featureCuts.length === 0) continue;
        const g = new Float64Array(featureCuts.length + 1);
        const h = new Float64Array(featureCuts.length + 1);
        const featureBins = bins[feature]!;
        for (const row of members) {
          g[featureBins[row]!]! += gradient[row]!;
          h[featureBins[row]!]! += hessian[row]!;
        }
        let gLeft = 0;
        let hLeft = 0;
        for (let cut = 0; cut < featureCuts.length; cut += 1) {
          gLeft += g[cut]!;
          hLeft += h[cut]!;
          const hRight = hSum - hLeft;
          if (hLeft < minHessian || hRight < minHessian) continue;
          const gRight = gSum - gLeft;
          const gain =
            (gLeft * gLeft) / (hLeft + lambda) +
            (gRight * gRight) / (hRight + lambda) -
            parentScore;
          if (gain > best.gain) best = { gain, feature, cut };
        }
      }
      if (best.feature < 0) return leaf();
      tree.feature.push(best.feature);
      tree.value.push(cuts[best.feature]![best.cut]!);
      tree.right.push(0);
      const featureBins = bins[best.feature]!;
      grow(
        members.filter((row) => featureBins[row]! <= best.cut),
        depth + 1,
      );
      tree.right[node] = tree.feature.length;
      grow(
        members.filter((row) => featureBins[row]! > best.cut),
        depth + 1,
      );
    };
    grow(sample, 0);
    return tree;
  };

  const positiveWeight = rows.reduce((sum, row, index) => sum + row.y * rowWeight[index]!, 0);
  const ensemble: Ensemble = {
    bias: Math.round(Math.log(positiveWeight / (count - positiveWeight)) * 1e4) / 1e4,
    trees: [],
  };
  const margin = new Float64Array(count).fill(ensemble.bias);
  const all = Array.from({ length: count }, (_, index) => index);
  const allFeatures = options.allowed ?? Array.from({ length: dimensions }, (_, index) => index);
  for (let round = 1; round <= options.maxTrees; round += 1) {
    for (let row = 0; row < count; row += 1) {
      const p = 1 / (1 + Math.exp(-margin[row]!));
      gradient[row] = (p - label[row]!) * rowWeight[row]!;
      hessian[row] = Math.max(p * (1 - p), 1e-6) * rowWeight[row]!;
    }
    const sample = options.subsample < 1 ? all.filter(() => random() < options.subsample) : all;
    const features =
      options.colsample < 1 ? allFeatures.filter(() => random() < options.colsample) : allFeatures;
    const tree = buildTree(sample, features.length > 0 ? features : allFeatures);
    ensemble.trees.push(tree);
    rows.forEach((row, index) => {
      margin[index]! += treeValue(tree, row.x);
    });
    onRound(ensemble, tree, round);
  }
  return ensemble;
}

/** The output of one tree for a feature vector. */
export function treeValue(tree: RegressionTree, values: readonly number[]): number {
  let node = 0;
  for (;;) {
    const feature = tree.feature[node]!;
    if (feature < 0) return tree.value[node]!;
    node = values[feature]! <= tree.value[node]! ? node + 1 : tree.right[node]!;
  }
}
