/**
 * Quality of the product matcher on the TEST splits of the matching benchmarks: precision,
 * recall and F1 of the match class per dataset, beside the published anchors
 * (../shared/research/matching.md §2), and the time to score one pair.
 *
 *   node --import tsx bench/match-quality.ts [--fast]
 *
 * `--fast` scores a fixed sample (every 5th pair) for CI. The data folder is
 * <repo>/../shared/data/matching, or IPICK_MATCHING_DATA.
 */
import { performance } from 'node:perf_hooks';
import {
  CSV_DATASETS,
  f1Scores,
  loadCsvPairs,
  matchingDataDirectory,
  type CsvDataset,
} from '../packages/core/src/matching/datasets.ts';
import { scoreProductPair } from '../packages/core/src/matching/score.ts';

/** Published F1 (%) on the same full test splits. */
const ANCHORS: Record<CsvDataset, { magellan: string; deepMatcher: string; ditto: string }> = {
  'abt-buy': { magellan: '43.6', deepMatcher: '62.8', ditto: '89.3' },
  'amazon-google': { magellan: '49.1', deepMatcher: '69.3', ditto: '75.6' },
  'wdc-computers': { magellan: '—', deepMatcher: '—', ditto: '80.8 (small)' },
};

const fast = process.argv.includes('--fast');
const directory = matchingDataDirectory();
if (!directory) {
  console.log(
    'Matching data not found (set IPICK_MATCHING_DATA); skipping the match-quality bench.',
  );
  process.exit(0);
}

console.log(`match quality on the ${fast ? 'sampled (every 5th pair) ' : 'full '}test splits\n`);
const header = ['dataset', 'pairs', 'P', 'R', 'F1', 'Magellan', 'DeepMatcher', 'Ditto'];
const lines: string[][] = [header];
let totalPairs = 0;
let totalMs = 0;
let totalCpuMs = 0;
for (const dataset of CSV_DATASETS) {
  const all = loadCsvPairs(directory, dataset, 'test');
  const pairs = fast ? all.filter((_, index) => index % 5 === 0) : all;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const predicted = pairs.map(({ left, right }) => scoreProductPair(left, right).isMatch);
  const cpu = process.cpuUsage(cpuStarted);
  totalMs += performance.now() - started;
  totalCpuMs += (cpu.user + cpu.system) / 1000;
  totalPairs += pairs.length;
  const { precision, recall, f1 } = f1Scores(
    predicted,
    pairs.map((pair) => pair.label),
  );
  const anchor = ANCHORS[dataset];
  lines.push([
    dataset,
    String(pairs.length),
    precision.toFixed(1),
    recall.toFixed(1),
    f1.toFixed(1),
    anchor.magellan,
    anchor.deepMatcher,
    anchor.ditto,
  ]);
}
const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
for (const line of lines)
  console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
// CPU time is the fairer figure on a shared machine: wall time also counts other processes.
console.log(
  `\n${((totalMs * 1000) / totalPairs).toFixed(1)} µs per pair wall, ${((totalCpuMs * 1000) / totalPairs).toFixed(1)} µs CPU (both sides prepared each time), ${totalPairs} pairs`,
);
