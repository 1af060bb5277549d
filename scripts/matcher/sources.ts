/**
 * The labelled sources the matcher learns from and is judged on, each with the splits the
 * leave-one-source-out protocol needs. Node only (training and benches).
 */
import type { ProductSide } from '../../packages/core/src/matching/features.ts';
import {
  CSV_DATASETS,
  loadCsvPairs,
  loadCsvRecords,
  loadWdcProductsPairs,
  type LabelledPair,
} from '../../packages/core/src/matching/datasets.ts';

export interface MatchingSource {
  name: string;
  /** Learned from when the source is in training. */
  train: LabelledPair[];
  /** Everything is chosen on these (trees, calibration, thresholds) when the source is in training. */
  valid: LabelledPair[];
  /**
   * Judged on when the source is held out. WDC Products ships no test split here, so its valid
   * split stands in: when it is held out nothing is chosen on it, and its train split is unused.
   */
  heldOutTest: LabelledPair[];
  /** Whether `heldOutTest` is the source's own test split (the in-distribution figures use it). */
  hasTestSplit: boolean;
  /**
   * The source's listings without labels (its tables; for WDC Products, the distinct records of
   * its pairs): the catalog that corpus statistics such as token rarity are read from.
   */
  corpus: ProductSide[];
}

/** The distinct records of some pairs (by title), without their labels. */
function pairRecords(pairs: LabelledPair[]): ProductSide[] {
  const records = new Map<string, ProductSide>();
  for (const { left, right } of pairs) records.set(left.title, left).set(right.title, right);
  return [...records.values()];
}

export function loadMatchingSources(directory: string): MatchingSource[] {
  const sources: MatchingSource[] = CSV_DATASETS.map((name) => ({
    name,
    train: loadCsvPairs(directory, name, 'train'),
    valid: loadCsvPairs(directory, name, 'valid'),
    heldOutTest: loadCsvPairs(directory, name, 'test'),
    hasTestSplit: true,
    corpus: loadCsvRecords(directory, name),
  }));
  const wdcTrain = loadWdcProductsPairs(directory, 'train');
  if (wdcTrain.length > 0) {
    const wdcValid = loadWdcProductsPairs(directory, 'valid');
    sources.push({
      name: 'wdc-products',
      train: wdcTrain,
      valid: wdcValid,
      heldOutTest: wdcValid,
      hasTestSplit: false,
      corpus: pairRecords([...wdcTrain, ...wdcValid]),
    });
  }
  return sources;
}
