/// <reference types="node" />
/**
 * `npm run --silent match-pairs`: reads JSON lines `{ "left": {...}, "right": {...} }` from
 * stdin and writes one line per input, `{ "match": true|false, "score": number }`, or
 * `{ "error": "..." }` for an invalid line. Blank lines are skipped.
 */
import { createInterface } from 'node:readline';
import { parseMatchLine } from './match-pairs.ts';

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  process.stdout.write(`${JSON.stringify(parseMatchLine(line))}\n`);
}
