import { describe, expect, it } from 'vitest';
import { trigramSimilarity, trigramsOf } from './trigram-similarity.ts';

describe('trigramsOf', () => {
  it("pads each word as pg_trgm does: 'cat' gives '  c', ' ca', 'cat', 'at '", () => {
    expect(trigramsOf('Cat').size).toBe(4);
    expect(trigramsOf('Cat')).toEqual(trigramsOf('cat CAT'));
    // Letters beyond ASCII make the same runs.
    expect([...trigramsOf('Çé')].sort()).toEqual(['  ç', ' çé', 'çé '].sort());
  });

  it('splits on anything but letters and digits, and counts a trigram once', () => {
    expect(trigramsOf('USB-C, usb_c!')).toEqual(trigramsOf('usb c usb c'));
    expect(trigramsOf('--- ,')).toEqual(new Set());
  });
});

describe('trigramSimilarity', () => {
  const similarity = (a: string, b: string) => trigramSimilarity(trigramsOf(a), trigramsOf(b));

  it('is 1 for the same words, 0 for nothing shared or nothing at all', () => {
    expect(similarity('Acme Kettle', 'kettle, ACME')).toBe(1);
    expect(similarity('kettle', 'toaster')).toBe(0);
    expect(similarity('', 'kettle')).toBe(0);
  });

  it("matches pg_trgm's figures", () => {
    // SELECT similarity('word', 'two words'); → 0.36363637 in PostgreSQL
    expect(similarity('word', 'two words')).toBeCloseTo(4 / 11, 6);
    expect(similarity('two words', 'word')).toBeCloseTo(4 / 11, 6);
    // SELECT similarity('crème brûlée torch', 'creme brulee torch'); → 0.4074074
    expect(similarity('crème brûlée torch', 'creme brulee torch')).toBeCloseTo(11 / 27, 6);
  });
});
