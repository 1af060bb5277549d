import { describe, expect, it } from 'vitest';
import {
  CSV_DATASETS,
  f1Scores,
  loadCsvPairs,
  matchingDataDirectory,
  type CsvDataset,
} from './datasets.ts';
import { scoreProductPair } from './score.ts';

/**
 * F1 (%) reached on the fixed sample (every 5th pair of the test split, as `bench/match-quality.ts
 * --fast`), minus one point. Raise these when the matcher improves.
 */
const F1_FLOOR: Record<CsvDataset, number> = {
  'abt-buy': 72.7,
  'amazon-google': 70.9,
  'wdc-computers': 76.3,
};

const directory = matchingDataDirectory();
if (!directory)
  console.log(
    'Matching data not found (set IPICK_MATCHING_DATA); skipping the match-quality test.',
  );

describe.skipIf(!directory)('match quality on the sampled test splits', () => {
  for (const dataset of CSV_DATASETS) {
    it(`${dataset} keeps its F1`, () => {
      const pairs = loadCsvPairs(directory!, dataset, 'test').filter((_, index) => index % 5 === 0);
      const { f1 } = f1Scores(
        pairs.map(({ left, right }) => scoreProductPair(left, right).isMatch),
        pairs.map((pair) => pair.label),
      );
      expect(f1).toBeGreaterThanOrEqual(F1_FLOOR[dataset]);
    });
  }
});
