/**
 * Learns the product matcher and writes packages/core/src/matching/weights.json.
 *
 *   node --import tsx scripts/train-matcher.ts
 *
 * 1. Leave-one-source-out: for each source in ../shared/data/matching, a model is trained on
 *    the other sources (train splits; trees chosen on their valid splits) and scored on the
 *    held-out source's valid split. Those out-of-source scores choose the shipped calibration
 *    and both thresholds, so the score means the same on a shop the matcher never saw.
 * 2. The shipped trees are trained on every source's train split (plus confirmed wrong-match
 *    reports when present), and the number of trees chosen on the valid splits.
 * Nothing is chosen on a test split. The LOSO table is printed at the end. A fixed seed gives
 * the same weights on the same data. Settings may be overridden with MATCHER_DEPTH,
 * MATCHER_RATE, MATCHER_TREES, MATCHER_LAMBDA, MATCHER_MIN_HESSIAN, MATCHER_SUBSAMPLE,
 * MATCHER_COLSAMPLE, MATCHER_SEED, MATCHER_MIN_DF and MATCHER_CORPUS_IDF (1: each source's pairs
 * weigh words by their rarity in that source's own listings, the default; 0: one table from the
 * train pairs) and MATCHER_EXCLUDED (features the trees may not use, comma-separated names);
 * MATCHER_DRY_RUN=1 leaves weights.json alone.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { matchingDataDirectory } from '../packages/core/src/matching/datasets.ts';
import {
  DEFAULT_REPORTED_PAIRS_FILE,
  loadReportedPairs,
} from '../packages/core/src/matching/reported-pairs.ts';
import { featureUsage, formatTable, leaveOneSourceOut, losoTable } from './matcher/loso.ts';
import { loadMatchingSources } from './matcher/sources.ts';
import { chooseCalibration, trainMatcher } from './matcher/train.ts';
import { matcherSettings } from './matcher/settings.ts';

const directory = matchingDataDirectory();
if (!directory) {
  console.log('Matching data not found (set IPICK_MATCHING_DATA); nothing to train.');
  process.exit(0);
}

const options = { ...matcherSettings(process.env), log: (line: string) => console.log(line) };
const sources = loadMatchingSources(directory);
for (const source of sources)
  console.log(
    `${source.name}: ${source.train.length} train, ${source.valid.length} valid, ${source.heldOutTest.length} held-out test pairs`,
  );

const reportsFile = process.env.IPICK_MATCH_REPORTS ?? DEFAULT_REPORTED_PAIRS_FILE;
const reported = existsSync(reportsFile) ? loadReportedPairs(reportsFile) : [];
console.log(
  reported.length > 0
    ? `${reported.length} confirmed wrong-match reports from ${reportsFile}`
    : 'no confirmed wrong-match reports (npm run match-reports:export writes them)',
);

const { folds, outOfSourceValid } = leaveOneSourceOut(sources, options);

console.log('shipped model: training on every source');
const { model } = trainMatcher(sources, options, reported);
Object.assign(model, chooseCalibration(outOfSourceValid, options.samePrecision));
console.log(
  `${model.trees.length} trees; match from ${model.threshold}, same product from ${model.sameProductThreshold} (out-of-source valid)`,
);
console.log(featureUsage(model));

if (process.env.MATCHER_DRY_RUN !== '1') {
  const target = fileURLToPath(
    new URL('../packages/core/src/matching/weights.json', import.meta.url),
  );
  // Formatted as Prettier would, so `prettier --check` passes on the committed file.
  const prettierOptions = (await resolveConfig(target)) ?? {};
  writeFileSync(
    target,
    await format(JSON.stringify(model), { ...prettierOptions, filepath: target }),
  );
  console.log(`wrote ${target}`);
}

console.log('\nleave-one-source-out (test splits of the held-out sources; WDC Products: valid)');
console.log(formatTable(losoTable(folds)));
