/// <reference types="node" />
/**
 * Pairs that shoppers reported as a wrong match and an admin confirmed (issue 18), as labelled
 * pairs for training the matcher. `npm run match-reports:export -- <file>` writes them; the
 * training script reads them with `loadReportedPairs` when the file is there.
 *
 * The file holds one JSON object per line:
 *   {"left":{"title":"…","brand":"…","price":19.99,"currency":"USD"},"right":{…},"label":0}
 * `left` is the product the shopper pasted, `right` the listing ipick matched to it; `brand`,
 * `price` (in major units, as in the benchmarks) and `currency` are left out when unknown.
 * Node only: used by the export command and the training script, never by the app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LabelledPair } from './datasets.ts';
import type { ProductSide } from './features.ts';

/** Where the export writes and training reads by default: beside the weights it trains. */
export const DEFAULT_REPORTED_PAIRS_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  'reported-pairs.jsonl',
);

/** The fields of a side that a reported pair carries (a `ProductSide` subset). */
export type ReportedSide = Pick<ProductSide, 'title' | 'brand' | 'price' | 'currency'>;

/** One line of the file for a pair; unknown fields are left out rather than written as null. */
export function formatReportedPair(pair: {
  left: ReportedSide;
  right: ReportedSide;
  label: 0 | 1;
}): string {
  return JSON.stringify({
    left: compactSide(pair.left),
    right: compactSide(pair.right),
    label: pair.label,
  });
}

function compactSide(side: ReportedSide): ReportedSide {
  const compact: ReportedSide = { title: side.title };
  if (side.brand) compact.brand = side.brand;
  if (typeof side.price === 'number') compact.price = side.price;
  if (side.currency) compact.currency = side.currency;
  return compact;
}

/**
 * The labelled pairs of the file's text. A line that is not a pair stops with its line number
 * (`source:line: what is wrong`): training on a silently shortened file would be worse.
 * Blank lines are skipped.
 */
export function parseReportedPairs(text: string, source = 'reported pairs'): LabelledPair[] {
  const pairs: LabelledPair[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const where = `${source}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${where}: not a JSON object`);
    }
    if (!isObject(value)) throw new Error(`${where}: not a JSON object`);
    const { label } = value;
    if (label !== 0 && label !== 1) throw new Error(`${where}: label must be 0 or 1`);
    pairs.push({
      left: readSide(value.left, `${where}: left`),
      right: readSide(value.right, `${where}: right`),
      label,
    });
  }
  return pairs;
}

/**
 * The labelled pairs in `file`, or none when there is no such file (no pair was confirmed yet,
 * or the export was never run).
 */
export function loadReportedPairs(file: string = DEFAULT_REPORTED_PAIRS_FILE): LabelledPair[] {
  if (!existsSync(file)) return [];
  return parseReportedPairs(readFileSync(file, 'utf8'), file);
}

function readSide(value: unknown, where: string): ProductSide {
  if (!isObject(value)) throw new Error(`${where} must be an object`);
  const { title, brand, price, currency } = value;
  if (typeof title !== 'string' || title.trim() === '')
    throw new Error(`${where}.title must be a non-empty string`);
  const side: ProductSide = { title };
  if (brand !== undefined && brand !== null) {
    if (typeof brand !== 'string') throw new Error(`${where}.brand must be a string`);
    side.brand = brand;
  }
  if (price !== undefined && price !== null) {
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0)
      throw new Error(`${where}.price must be a number of at least 0`);
    side.price = price;
  }
  if (currency !== undefined && currency !== null) {
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      throw new Error(`${where}.currency must be a three-letter ISO code`);
    side.currency = currency;
  }
  return side;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
