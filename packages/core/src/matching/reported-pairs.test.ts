import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatReportedPair, loadReportedPairs, parseReportedPairs } from './reported-pairs.ts';

const directory = mkdtempSync(join(tmpdir(), 'reported-pairs-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const kettle = {
  title: 'Breville BKE830 Soft Top Pure Kettle 1.7 L',
  brand: 'Breville',
  price: 99.95,
  currency: 'USD',
};
const otherKettle = { title: 'Breville BKE720 Soft Top Kettle 1.7 L', price: 79.95 };

describe('reported pairs', () => {
  it('reads back what the export writes, one labelled pair per line', () => {
    const file = join(directory, 'pairs.jsonl');
    writeFileSync(
      file,
      [
        formatReportedPair({ left: kettle, right: otherKettle, label: 0 }),
        '',
        formatReportedPair({
          left: { title: 'Apple AirPods Pro 2', brand: null, price: null, currency: null },
          right: { title: 'Apple AirPods 4' },
          label: 0,
        }),
      ].join('\n') + '\n',
    );
    expect(loadReportedPairs(file)).toEqual([
      { left: kettle, right: otherKettle, label: 0 },
      { left: { title: 'Apple AirPods Pro 2' }, right: { title: 'Apple AirPods 4' }, label: 0 },
    ]);
  });

  it('writes unknown fields out rather than as null, in the ProductSide shape', () => {
    const line = formatReportedPair({
      left: { title: 'Kettle', brand: null, price: null, currency: null },
      right: kettle,
      label: 0,
    });
    expect(JSON.parse(line)).toEqual({ left: { title: 'Kettle' }, right: kettle, label: 0 });
  });

  it('gives no pairs when the file is not there (nothing exported yet)', () => {
    expect(loadReportedPairs(join(directory, 'absent.jsonl'))).toEqual([]);
  });

  it('stops at a line that is not a labelled pair, naming the line and the field', () => {
    const good = formatReportedPair({ left: kettle, right: otherKettle, label: 0 });
    expect(() => parseReportedPairs(`${good}\n{"left":`, 'pairs.jsonl')).toThrow(
      'pairs.jsonl:2: not a JSON object',
    );
    expect(() =>
      parseReportedPairs(JSON.stringify({ left: kettle, right: otherKettle, label: 2 }), 'f'),
    ).toThrow('f:1: label must be 0 or 1');
    expect(() =>
      parseReportedPairs(JSON.stringify({ left: kettle, right: { title: ' ' }, label: 0 }), 'f'),
    ).toThrow('f:1: right.title must be a non-empty string');
    expect(() =>
      parseReportedPairs(
        JSON.stringify({ left: { ...kettle, price: '9.99' }, right: otherKettle, label: 0 }),
        'f',
      ),
    ).toThrow('f:1: left.price must be a number of at least 0');
    expect(() =>
      parseReportedPairs(
        JSON.stringify({ left: kettle, right: { ...otherKettle, currency: 'usd' }, label: 0 }),
        'f',
      ),
    ).toThrow('f:1: right.currency must be a three-letter ISO code');
  });
});
