/**
 * Learns the product matcher's weights from the TRAIN splits of the matching benchmarks and
 * tunes its threshold on the VALID splits (never the test splits), then writes
 * packages/core/src/matching/weights.json.
 *
 *   node --import tsx scripts/train-matcher.ts
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
import { probability, type MatcherModel } from '../packages/core/src/matching/score.ts';

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
const minimumDf = 4;
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

// Logistic regression, full-batch Adam, every dataset weighing the same in the loss.
const rows: { x: number[]; y: number; w: number }[] = [];
for (const [name, pairs] of Object.entries(train)) {
  const features = featurize(pairs);
  const positives = pairs.filter((pair) => pair.label === 1).length;
  features.forEach((x, index) => {
    const y = pairs[index]!.label;
    // Equal weight per dataset, and within it positives and negatives weigh 1 : 2.
    const share = y === 1 ? 1 / 3 / positives : 2 / 3 / (pairs.length - positives);
    rows.push({ x, y, w: share });
  });
  console.log(`train ${name}: ${pairs.length} pairs, ${positives} matches`);
}
const dimensions = FEATURE_NAMES.length;
const weights = new Array<number>(dimensions + 1).fill(0);
const m = new Array<number>(dimensions + 1).fill(0);
const v = new Array<number>(dimensions + 1).fill(0);
const totalWeight = rows.reduce((sum, row) => sum + row.w, 0);
const l2 = 1e-3;
for (let step = 1; step <= 3000; step += 1) {
  const gradient = new Array<number>(dimensions + 1).fill(0);
  for (const { x, y, w } of rows) {
    let z = weights[dimensions]!;
    for (let index = 0; index < dimensions; index += 1) z += weights[index]! * x[index]!;
    const error = (1 / (1 + Math.exp(-z)) - y) * (w / totalWeight);
    for (let index = 0; index < dimensions; index += 1) gradient[index]! += error * x[index]!;
    gradient[dimensions]! += error;
  }
  for (let index = 0; index <= dimensions; index += 1) {
    const g = gradient[index]! + (index < dimensions ? l2 * weights[index]! : 0);
    m[index] = 0.9 * m[index]! + 0.1 * g;
    v[index] = 0.999 * v[index]! + 0.001 * g * g;
    const mHat = m[index]! / (1 - 0.9 ** step);
    const vHat = v[index]! / (1 - 0.999 ** step);
    weights[index]! -= (0.05 * mHat) / (Math.sqrt(vHat) + 1e-8);
  }
}

const model: MatcherModel = {
  version: 1,
  features: [...FEATURE_NAMES],
  weights: weights.slice(0, dimensions).map((w) => Math.round(w * 1e4) / 1e4),
  bias: Math.round(weights[dimensions]! * 1e4) / 1e4,
  threshold: 0.5,
  idf,
};

// One global threshold: the one with the best mean F1 over the valid splits.
const validScores = Object.entries(valid).map(([name, pairs]) => ({
  name,
  labels: pairs.map((pair) => pair.label),
  scores: featurize(pairs).map((x) => probability(x, model)),
}));
let best = { threshold: 0.5, f1: -1 };
for (let threshold = 0.2; threshold <= 0.95; threshold += 0.01) {
  const mean =
    validScores.reduce(
      (sum, { labels, scores }) =>
        sum +
        f1Scores(
          scores.map((s) => s >= threshold),
          labels,
        ).f1,
      0,
    ) / validScores.length;
  if (mean > best.f1) best = { threshold: Math.round(threshold * 100) / 100, f1: mean };
}
model.threshold = best.threshold;
for (const { name, labels, scores } of validScores) {
  const { precision, recall, f1 } = f1Scores(
    scores.map((s) => s >= model.threshold),
    labels,
  );
  console.log(
    `valid ${name}: P ${precision.toFixed(1)} R ${recall.toFixed(1)} F1 ${f1.toFixed(1)}`,
  );
}
console.log(`threshold ${model.threshold}, mean valid F1 ${best.f1.toFixed(1)}`);
console.log(FEATURE_NAMES.map((name, index) => `${name} ${model.weights[index]}`).join('\n'));

const target = fileURLToPath(
  new URL('../packages/core/src/matching/weights.json', import.meta.url),
);
// Formatted as Prettier would, so `prettier --check` passes on the committed file.
const options = (await resolveConfig(target)) ?? {};
writeFileSync(target, await format(JSON.stringify(model), { ...options, filepath: target }));
console.log(`wrote ${target}`);
