/// <reference types="node" />
/**
 * Loaders for the labelled matching benchmarks in `<repo>/../shared/data/matching` (or the
 * folder named by IPICK_MATCHING_DATA). Node only: used by the bench, the training script
 * and the quality test, never by the app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { ProductSide } from './features.ts';

export const CSV_DATASETS = ['abt-buy', 'amazon-google', 'wdc-computers'] as const;
export type CsvDataset = (typeof CSV_DATASETS)[number];
export type Split = 'train' | 'valid' | 'test';

export interface LabelledPair {
  left: ProductSide;
  right: ProductSide;
  label: 0 | 1;
}

/** The benchmark folder, or null when it is absent. */
export function matchingDataDirectory(): string | null {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const directory =
    process.env.IPICK_MATCHING_DATA ?? join(repoRoot, '..', 'shared', 'data', 'matching');
  return existsSync(directory) ? directory : null;
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and newlines. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function toPrice(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const price = Number(value.replace(/[^0-9.]/g, ''));
  return Number.isFinite(price) && price > 0 ? price : null;
}

function toSide(dataset: CsvDataset, header: string[], row: string[]): ProductSide {
  const get = (name: string): string => row[header.indexOf(name)] ?? '';
  switch (dataset) {
    case 'abt-buy':
      return {
        title: get('name'),
        description: get('description') || null,
        price: toPrice(get('price')),
      };
    case 'amazon-google':
      return {
        title: get('title'),
        brand: get('manufacturer') || null,
        price: toPrice(get('price')),
      };
    case 'wdc-computers':
      return {
        title: get('title')
          .replace(/"/g, ' ')
          .replace(/\bnull\b/gi, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      };
  }
}

function readTable(directory: string, dataset: CsvDataset, file: string): Map<string, ProductSide> {
  const [header, ...rows] = parseCsv(readFileSync(join(directory, dataset, file), 'utf8'));
  const table = new Map<string, ProductSide>();
  for (const row of rows)
    if (row.length > 1) table.set(row[0]!, toSide(dataset, header ?? [], row));
  return table;
}

/**
 * Every record of a CSV benchmark's two tables, unlabelled: the listings of its two shops, as a
 * catalog holds them. Corpus statistics (token rarity) may be read from them without any label.
 */
export function loadCsvRecords(directory: string, dataset: CsvDataset): ProductSide[] {
  return [
    ...readTable(directory, dataset, 'tableA.csv').values(),
    ...readTable(directory, dataset, 'tableB.csv').values(),
  ];
}

/** The labelled pairs of one split of a CSV benchmark. */
export function loadCsvPairs(directory: string, dataset: CsvDataset, split: Split): LabelledPair[] {
  const tableA = readTable(directory, dataset, 'tableA.csv');
  const tableB = readTable(directory, dataset, 'tableB.csv');
  const [, ...rows] = parseCsv(readFileSync(join(directory, dataset, `${split}.csv`), 'utf8'));
  const pairs: LabelledPair[] = [];
  for (const [leftId, rightId, label] of rows) {
    const left = tableA.get(leftId ?? '');
    const right = tableB.get(rightId ?? '');
    if (left && right) pairs.push({ left, right, label: label === '1' ? 1 : 0 });
  }
  return pairs;
}

interface WdcRow {
  [key: string]: unknown;
  label: number;
}

function wdcSide(row: WdcRow, suffix: 'left' | 'right'): ProductSide {
  const text = (key: string): string | null => {
    const value = row[`${key}_${suffix}`];
    return typeof value === 'string' && value.trim() ? value : null;
  };
  return {
    title: text('title') ?? '',
    brand: text('brand'),
    description: text('description'),
    price: toPrice(text('price') ?? undefined),
    currency: text('priceCurrency'),
  };
}

function readWdcFile(file: string): (WdcRow & { pair_id?: string })[] {
  if (!existsSync(file)) return [];
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as WdcRow & { pair_id?: string });
}

/**
 * WDC Products pairs (80 % corner cases): the small and medium sets of one split, each pair once
 * (the two sizes share some pairs). Only train and valid exist here; the train and valid pairs
 * are disjoint.
 */
export function loadWdcProductsPairs(directory: string, split: 'train' | 'valid'): LabelledPair[] {
  const seen = new Set<string>();
  const pairs: LabelledPair[] = [];
  for (const size of ['small', 'medium']) {
    const file = join(
      directory,
      'wdc-products',
      `wdcproducts80cc20rnd000un_${split}_${size}.json.gz`,
    );
    for (const row of readWdcFile(file)) {
      const id = row.pair_id ?? `${pairs.length}`;
      if (seen.has(id)) continue;
      seen.add(id);
      pairs.push({
        left: wdcSide(row, 'left'),
        right: wdcSide(row, 'right'),
        label: row.label === 1 ? 1 : 0,
      });
    }
  }
  return pairs;
}

/** Precision, recall and F1 (in %) of the match class. */
export function f1Scores(
  predicted: boolean[],
  labels: (0 | 1)[],
): { precision: number; recall: number; f1: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  predicted.forEach((match, index) => {
    if (match && labels[index] === 1) tp += 1;
    else if (match) fp += 1;
    else if (labels[index] === 1) fn += 1;
  });
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision: precision * 100, recall: recall * 100, f1: f1 * 100 };
}
