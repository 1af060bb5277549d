/**
 * Quality of the product matcher, judged on what it was not tuned on.
 *
 *   node --import tsx bench/match-quality.ts [--in-distribution-only]
 *
 * Headline: leave-one-source-out (LOSO). For each source in ../shared/data/matching a model is
 * trained exactly as `npm run train:matcher` trains the shipped one, but on the OTHER sources
 * only, and judged on the held-out source's test split (WDC Products ships no test split: its
 * valid split stands in, unused by that fold). Its calibration and thresholds come from the other
 * folds' scores on sources they never saw, so nothing is chosen on the held-out source. Printed
 * per held-out source: precision, recall and F1 at the match threshold; precision and recall of
 * the comparison's "same product" decision (the "same product" threshold, and no hard conflict); the expected calibration error and a reliability
 * table; then the mean and the worst.
 *
 * Beside it, as before, the shipped weights on the test splits of the sources they were trained
 * on (in-distribution), the published anchors, the time to score a pair and a comparison, and
 * the size of the weights.
 */
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { f1Scores, matchingDataDirectory } from '../packages/core/src/matching/datasets.ts';
import {
  defaultMatcherModel,
  matchTier,
  scorePreparedPair,
  scoreProductPair,
} from '../packages/core/src/matching/score.ts';
import { idfFromTitles, prepareSide } from '../packages/core/src/matching/features.ts';
import { conflictFacts, findConflicts } from '../packages/core/src/matching/conflicts.ts';
import { formatTable, hasConflict, leaveOneSourceOut, losoTable } from '../scripts/matcher/loso.ts';
import { reliability, scoresAt } from '../scripts/matcher/metrics.ts';
import { matcherSettings } from '../scripts/matcher/settings.ts';
import { loadMatchingSources } from '../scripts/matcher/sources.ts';

/** Published F1 (%) on the same full test splits, each trained in-domain. */
const ANCHORS: Record<string, string> = {
  'abt-buy': 'Magellan 43.6, DeepMatcher 62.8, Ditto 89.3',
  'amazon-google': 'Magellan 49.1, DeepMatcher 69.3, Ditto 75.6',
  'wdc-computers': 'Ditto 80.8 (small)',
};

const directory = matchingDataDirectory();
if (!directory) {
  console.log(
    'Matching data not found (set IPICK_MATCHING_DATA); skipping the match-quality bench.',
  );
  process.exit(0);
}
const sources = loadMatchingSources(directory);
const model = defaultMatcherModel;

const speed = measureSpeed();

if (!process.argv.includes('--in-distribution-only')) {
  const started = performance.now();
  const { folds } = leaveOneSourceOut(sources, matcherSettings(process.env));
  console.log(
    `\nleave-one-source-out (trained ${folds.length} models in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(formatTable(losoTable(folds)));
  // The held-out sources' valid splits (those with a test split of their own; WDC Products' valid
  // split is its test stand-in): what a setting is judged on before the test splits are read.
  const validF1 = folds
    .filter((fold) => sources.find((source) => source.name === fold.heldOut)?.hasTestSplit)
    .map((fold) => ({ name: fold.heldOut, f1: scoresAt(fold.valid, fold.model.threshold).f1 }));
  console.log(
    `out-of-source valid F1: ${validF1.map(({ name, f1 }) => `${name} ${f1.toFixed(1)}`).join(', ')}; ` +
      `mean ${(validF1.reduce((sum, { f1 }) => sum + f1, 0) / validF1.length).toFixed(1)}, ` +
      `worst ${Math.min(...validF1.map(({ f1 }) => f1)).toFixed(1)}`,
  );
  console.log(
    '\nreliability per held-out source (score bin: pairs, mean score → share of matches)',
  );
  for (const fold of folds) {
    const { bins, ece } = reliability(fold.test);
    console.log(
      `${fold.heldOut} (ECE ${ece.toFixed(1)}): ` +
        bins
          .filter((bin) => bin.pairs > 0)
          .map(
            (bin) =>
              `${bin.from.toFixed(1)}–${bin.to.toFixed(1)}: ${bin.pairs}, ${(bin.meanScore * 100).toFixed(0)}→${(bin.matchRate * 100).toFixed(0)} %`,
          )
          .join('; '),
    );
  }
}

console.log(
  `\nshipped weights, in-distribution (test splits of sources they were trained on); match from ${model.threshold}, same product from ${model.sameProductThreshold}`,
);
const lines = [['dataset', 'pairs', 'P', 'R', 'F1', 'same: P', 'same: R', 'ECE', 'published']];
for (const source of sources.filter((entry) => entry.hasTestSplit)) {
  const pairs = source.heldOutTest;
  // Token rarity from the source's own listings (unlabelled), as the comparison reads it from
  // the catalog it searches and as the model was trained.
  const idf = idfFromTitles(source.corpus.map((record) => record.title));
  const results = pairs.map(({ left, right }) => scoreProductPair(left, right, model, idf));
  const labels = pairs.map((pair) => pair.label);
  const match = f1Scores(
    results.map((result) => result.isMatch),
    labels,
  );
  const same = f1Scores(
    results.map(
      (result, index) =>
        matchTier(result.score) === 'same' && !hasConflict(pairs[index]!.left, pairs[index]!.right),
    ),
    labels,
  );
  const { ece } = reliability({ scores: results.map((result) => result.score), labels });
  lines.push([
    source.name,
    String(pairs.length),
    match.precision.toFixed(1),
    match.recall.toFixed(1),
    match.f1.toFixed(1),
    same.precision.toFixed(1),
    same.recall.toFixed(1),
    ece.toFixed(1),
    ANCHORS[source.name] ?? '—',
  ]);
}
console.log(formatTable(lines));

console.log(speed);

// Speed: CPU per pair with both sides prepared each time (a pair from nowhere), and a
// comparison's scoring as compare-service does it: one pasted product against its 60 title
// candidates (the repository's limit), each candidate prepared and scored. A comparison is timed
// in CPU (this process's, so other load on the machine counts little) and in wall time.
// Measured before the leave-one-source-out training, whose models and folds leave some
// hundreds of MB on the heap that a server does not hold: with them, young-generation
// collections of up to 18 ms landed inside the timed comparisons.
function measureSpeed(): string {
  const pairs = sources.flatMap((source) => source.heldOutTest);
  // Warmed first, as a server's matcher is: every pair scored once, untimed, so the optimising
  // compiler has seen the code before the clock runs.
  for (const { left, right } of pairs) scoreProductPair(left, right);
  const perPair: number[] = [];
  for (let index = 0; index < pairs.length; index += 50) {
    const batch = pairs.slice(index, index + 50);
    const cpu = process.cpuUsage();
    for (const { left, right } of batch) scoreProductPair(left, right);
    const used = process.cpuUsage(cpu);
    perPair.push((used.user + used.system) / batch.length);
  }
  const CANDIDATES = 60;
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  /** CPU and wall milliseconds of each comparison, one list per way of running it. */
  const timed = () => ({ cpu: [] as number[], wall: [] as number[] });
  const cold = timed();
  // The same with the candidates' prepared views kept from an earlier comparison, as the server
  // keeps them for offers compared lately (compare/prepared-offers.ts).
  const warm = timed();
  // Cold, and the hard-conflict facts and rules read for every candidate as well: the most the
  // comparison reads them (it does for the same brand's listings and those it shows).
  const withConflicts = timed();
  const time = (into: { cpu: number[]; wall: number[] }, run: () => void) => {
    const cpu = cpuMs();
    const started = performance.now();
    run();
    into.wall.push(performance.now() - started);
    into.cpu.push(cpuMs() - cpu);
  };
  for (let index = 0; index < 300; index += 1) {
    const offset = (index * 37) % (pairs.length - CANDIDATES);
    const candidates = pairs.slice(offset, offset + CANDIDATES);
    let prepared: ReturnType<typeof prepareSide>[] = [];
    time(cold, () => {
      const pasted = prepareSide(pairs[offset]!.left);
      prepared = candidates.map((pair) => prepareSide(pair.right));
      for (const side of prepared) scorePreparedPair(pasted, side);
    });
    time(warm, () => {
      const pasted = prepareSide(pairs[offset]!.left);
      for (const side of prepared) scorePreparedPair(pasted, side);
    });
    time(withConflicts, () => {
      const pasted = prepareSide(pairs[offset]!.left);
      const pastedFacts = conflictFacts({ title: pairs[offset]!.left.title, side: pasted });
      for (const { right } of candidates) {
        const side = prepareSide(right);
        scorePreparedPair(pasted, side);
        findConflicts(conflictFacts({ title: right.title, side }), pastedFacts);
      }
    });
  }
  const percentile = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
  const p50p95 = (values: number[]) =>
    `${percentile(values, 0.5).toFixed(2)} / ${percentile(values, 0.95).toFixed(2)}`;
  const weightsFile = fileURLToPath(
    new URL('../packages/core/src/matching/weights.json', import.meta.url),
  );
  return (
    `\n${percentile(perPair, 0.5).toFixed(1)} µs CPU per pair p50 (both sides prepared); ` +
    `to score a comparison (${CANDIDATES} candidates), ms p50 / p95: ` +
    `${p50p95(cold.cpu)} CPU (${p50p95(cold.wall)} wall) with every candidate prepared afresh, ` +
    `${p50p95(warm.cpu)} CPU (${p50p95(warm.wall)} wall) with the candidates prepared before, ` +
    `${p50p95(withConflicts.cpu)} CPU (${p50p95(withConflicts.wall)} wall) afresh with every candidate's hard conflicts; ` +
    `weights ${(statSync(weightsFile).size / 1024).toFixed(0)} KB (${model.trees.length} trees)`
  );
}
