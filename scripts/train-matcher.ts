/**
 * Learns the product matcher from the TRAIN splits of the matching benchmarks and tunes the
 * number of trees and the threshold on the VALID splits (never the test splits), then writes
 * packages/core/src/matching/weights.json.
 *
 *   node --import tsx scripts/train-matcher.ts
 *
 * The model is a small gradient-boosted tree ensemble (logistic loss, second-order leaf values,
 * histogram splits over at most 64 cut points per feature, seeded row and feature subsampling),
 * implemented here so that the app needs no learning library. Hyper-parameters may be overridden
 * with MATCHER_DEPTH, MATCHER_RATE, MATCHER_TREES, MATCHER_LAMBDA, MATCHER_MIN_HESSIAN,
 * MATCHER_SUBSAMPLE, MATCHER_COLSAMPLE, MATCHER_SEED and MATCHER_MIN_DF to compare settings on the valid splits;
 * MATCHER_DRY_RUN=1 leaves weights.json alone.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  CSV_DATASETS,
  f1Scores,
  loadCsvPairs,
  loadWdcProductsPairs,
  matchingDataDirectory,
  type LabelledPair,
} from '../packages/core/src/matching/datasets.ts';
import {
  computeFeatures,
  FEATURE_NAMES,
  prepareSide,
  type IdfTable,
  type PreparedSide,
  type ProductSide,
} from '../packages/core/src/matching/features.ts';
import { tokenize } from '../packages/core/src/matching/normalize.ts';
import {
  probability,
  type MatcherModel,
  type RegressionTree,
} from '../packages/core/src/matching/score.ts';

const setting = (name: string, fallback: number): number => {
  const value = process.env[`MATCHER_${name}`];
  return value === undefined || value === '' ? fallback : Number(value);
};
const MAX_DEPTH = setting('DEPTH', 6);
const LEARNING_RATE = setting('RATE', 0.1);
const MAX_TREES = setting('TREES', 400);
const LAMBDA = setting('LAMBDA', 1);
const MIN_HESSIAN = setting('MIN_HESSIAN', 2);
const SUBSAMPLE = setting('SUBSAMPLE', 0.8);
const COLSAMPLE = setting('COLSAMPLE', 0.8);
const SEED = setting('SEED', 1);
const MAX_CUTS = 64;

const directory = matchingDataDirectory();
if (!directory) {
  console.log('Matching data not found (set IPICK_MATCHING_DATA); nothing to train.');
  process.exit(0);
}

const train: Record<string, LabelledPair[]> = {};
const valid: Record<string, LabelledPair[]> = {};
for (const dataset of CSV_DATASETS) {
  train[dataset] = loadCsvPairs(directory, dataset, 'train');
  valid[dataset] = loadCsvPairs(directory, dataset, 'valid');
}
const wdcTrain = loadWdcProductsPairs(directory, 'train');
if (wdcTrain.length > 0) {
  train['wdc-products'] = wdcTrain;
  valid['wdc-products'] = loadWdcProductsPairs(directory, 'valid');
}

// Document frequencies over the distinct records of the train pairs; only common tokens are kept.
const records = new Set<ProductSide>();
for (const pairs of Object.values(train))
  for (const { left, right } of pairs) records.add(left).add(right);
const counts = new Map<string, number>();
for (const record of records)
  for (const token of new Set(tokenize(record.title)))
    counts.set(token, (counts.get(token) ?? 0) + 1);
const minimumDf = setting('MIN_DF', 4);
const df: Record<string, number> = {};
for (const [token, count] of [...counts].sort((a, b) => b[1] - a[1]))
  if (count >= minimumDf) df[token] = count;
const idf: IdfTable = { documents: records.size, df };

const prepared = new Map<ProductSide, PreparedSide>();
const prep = (side: ProductSide): PreparedSide => {
  let value = prepared.get(side);
  if (!value) {
    value = prepareSide(side);
    prepared.set(side, value);
  }
  return value;
};
const featurize = (pairs: LabelledPair[]): number[][] =>
  pairs.map(({ left, right }) => computeFeatures(prep(left), prep(right), idf).values);

// Rows: every dataset weighs the same in the loss, and within it positives and negatives 1 : 2.
const rows: { x: number[]; y: number; w: number }[] = [];
for (const [name, pairs] of Object.entries(train)) {
  const features = featurize(pairs);
  const positives = pairs.filter((pair) => pair.label === 1).length;
  features.forEach((x, index) => {
    const y = pairs[index]!.label;
    const share = y === 1 ? 1 / 3 / positives : 2 / 3 / (pairs.length - positives);
    rows.push({ x, y, w: share });
  });
  console.log(`train ${name}: ${pairs.length} pairs, ${positives} matches`);
}
const count = rows.length;
const dimensions = FEATURE_NAMES.length;
const weightSum = rows.reduce((sum, row) => sum + row.w, 0);
const rowWeight = Float64Array.from(rows, (row) => (row.w * count) / weightSum);
const label = Float64Array.from(rows, (row) => row.y);

// Cut points per feature: midpoints between distinct values, or between weighted quantiles.
const cuts: number[][] = [];
const bins: Uint8Array[] = [];
for (let feature = 0; feature < dimensions; feature += 1) {
  const sorted = rows.map((row) => row.x[feature]!).sort((a, b) => a - b);
  const distinct = [...new Set(sorted)];
  let edges = distinct;
  if (distinct.length > MAX_CUTS + 1) {
    edges = [];
    for (let q = 0; q <= MAX_CUTS; q += 1)
      edges.push(sorted[Math.min(sorted.length - 1, Math.floor((q / MAX_CUTS) * sorted.length))]!);
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

let seed = SEED * 2654435761;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const gradient = new Float64Array(count);
const hessian = new Float64Array(count);

function buildTree(sample: number[], features: number[]): RegressionTree {
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
      tree.value.push(Math.round((-gSum / (hSum + LAMBDA)) * LEARNING_RATE * 1e4) / 1e4);
      tree.right.push(0);
    };
    if (depth >= MAX_DEPTH || hSum < 2 * MIN_HESSIAN) return leaf();
    const parentScore = (gSum * gSum) / (hSum + LAMBDA);
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
        if (hLeft < MIN_HESSIAN || hRight < MIN_HESSIAN) continue;
        const gRight = gSum - gLeft;
        const gain =
          (gLeft * gLeft) / (hLeft + LAMBDA) + (gRight * gRight) / (hRight + LAMBDA) - parentScore;
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
}

const validSets = Object.entries(valid).map(([name, pairs]) => ({
  name,
  labels: pairs.map((pair) => pair.label),
  x: featurize(pairs),
}));

/** The single threshold with the best mean F1 over the valid splits, given the models' scores. */
function bestThreshold(scores: number[][]): { threshold: number; f1: number } {
  let best = { threshold: 0.5, f1: -1 };
  for (let threshold = 0.1; threshold <= 0.951; threshold += 0.01) {
    let sum = 0;
    validSets.forEach(({ labels }, index) => {
      sum += f1Scores(
        scores[index]!.map((s) => s >= threshold),
        labels,
      ).f1;
    });
    const mean = sum / validSets.length;
    if (mean > best.f1) best = { threshold: Math.round(threshold * 100) / 100, f1: mean };
  }
  return best;
}

const positiveWeight = rows.reduce((sum, row, index) => sum + row.y * rowWeight[index]!, 0);
const bias = Math.log(positiveWeight / (count - positiveWeight));
const model: MatcherModel = {
  version: 2,
  features: [...FEATURE_NAMES],
  bias: Math.round(bias * 1e4) / 1e4,
  trees: [],
  threshold: 0.5,
  idf,
};
const trainLogOdds = new Float64Array(count).fill(model.bias);
const validLogOdds = validSets.map(({ x }) => new Float64Array(x.length).fill(model.bias));
let best = { trees: 0, threshold: 0.5, f1: -1 };
const all = Array.from({ length: count }, (_, index) => index);
const allFeatures = Array.from({ length: dimensions }, (_, index) => index);
for (let round = 1; round <= MAX_TREES; round += 1) {
  for (let row = 0; row < count; row += 1) {
    const p = 1 / (1 + Math.exp(-trainLogOdds[row]!));
    gradient[row] = (p - label[row]!) * rowWeight[row]!;
    hessian[row] = Math.max(p * (1 - p), 1e-6) * rowWeight[row]!;
  }
  const sample = SUBSAMPLE < 1 ? all.filter(() => random() < SUBSAMPLE) : all;
  const features = COLSAMPLE < 1 ? allFeatures.filter(() => random() < COLSAMPLE) : allFeatures;
  const tree = buildTree(sample, features.length > 0 ? features : allFeatures);
  model.trees.push(tree);
  const single: MatcherModel = { ...model, bias: 0, trees: [tree] };
  rows.forEach((row, index) => {
    trainLogOdds[index]! += logit(probability(row.x, single));
  });
  validSets.forEach(({ x }, set) => {
    x.forEach((values, index) => {
      validLogOdds[set]![index]! += logit(probability(values, single));
    });
  });
  if (round % 10 === 0 || round === MAX_TREES) {
    const scores = validLogOdds.map((z) => Array.from(z, (value) => 1 / (1 + Math.exp(-value))));
    const { threshold, f1 } = bestThreshold(scores);
    if (f1 > best.f1 + 0.05) best = { trees: round, threshold, f1 };
    console.log(`${round} trees: mean valid F1 ${f1.toFixed(2)} at ${threshold}`);
  }
}

function logit(p: number): number {
  return Math.log(p / (1 - p));
}

model.trees = model.trees.slice(0, best.trees);
model.threshold = best.threshold;
for (const { name, labels, x } of validSets) {
  const { precision, recall, f1 } = f1Scores(
    x.map((values) => probability(values, model) >= model.threshold),
    labels,
  );
  console.log(
    `valid ${name}: P ${precision.toFixed(1)} R ${recall.toFixed(1)} F1 ${f1.toFixed(1)}`,
  );
}
console.log(
  `${best.trees} trees, threshold ${model.threshold}, mean valid F1 ${best.f1.toFixed(2)}`,
);
const usage = new Array<number>(dimensions).fill(0);
for (const tree of model.trees)
  for (const feature of tree.feature) if (feature >= 0) usage[feature]! += 1;
console.log(FEATURE_NAMES.map((name, index) => `${name} ${usage[index]}`).join(', '));

if (process.env.MATCHER_DRY_RUN !== '1') {
  const target = fileURLToPath(
    new URL('../packages/core/src/matching/weights.json', import.meta.url),
  );
  // Formatted as Prettier would, so `prettier --check` passes on the committed file.
  const options = (await resolveConfig(target)) ?? {};
  writeFileSync(target, await format(JSON.stringify(model), { ...options, filepath: target }));
  console.log(`wrote ${target}`);
}
