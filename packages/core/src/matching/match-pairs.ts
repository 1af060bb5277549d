/**
 * One line of the `match-pairs` CLI: `{ "left": {...}, "right": {...} }` in, `{ match, score }`
 * or `{ error }` out. Never throws.
 */
import type { ProductSide } from './features.ts';
import { scoreProductPair } from './score.ts';

export type MatchLineResult = { match: boolean; score: number } | { error: string };

const TEXT_FIELDS = ['brand', 'model', 'category', 'description', 'currency'] as const;

function toSide(value: unknown, name: string): ProductSide | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `"${name}" must be an object`;
  const record = value as Record<string, unknown>;
  if (typeof record.title !== 'string' || record.title.trim() === '')
    return `"${name}.title" must be a non-empty string`;
  const side: ProductSide = { title: record.title };
  for (const field of TEXT_FIELDS) {
    const fieldValue = record[field];
    if (fieldValue === undefined || fieldValue === null) continue;
    if (typeof fieldValue !== 'string') return `"${name}.${field}" must be a string or null`;
    side[field] = fieldValue;
  }
  const price = record.price;
  if (price !== undefined && price !== null) {
    const number = typeof price === 'string' ? Number(price) : price;
    if (typeof number !== 'number' || !Number.isFinite(number))
      return `"${name}.price" must be a number or null`;
    side.price = number;
  }
  return side;
}

/** Score one JSON line; invalid input gives `{ error }`. */
export function parseMatchLine(line: string): MatchLineResult {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { error: 'invalid JSON' };
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { error: 'expected an object with "left" and "right"' };
  const record = input as Record<string, unknown>;
  const left = toSide(record.left, 'left');
  if (typeof left === 'string') return { error: left };
  const right = toSide(record.right, 'right');
  if (typeof right === 'string') return { error: right };
  try {
    const result = scoreProductPair(left, right);
    return { match: result.isMatch, score: Math.round(result.score * 1e4) / 1e4 };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
