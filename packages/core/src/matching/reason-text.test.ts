import { describe, expect, it } from 'vitest';
import { measureText, reasonSentences } from './reason-text.ts';

describe('reasonSentences', () => {
  it("puts the hard differences first, then the evidence, then the matcher's reasons as sentences", () => {
    expect(
      reasonSentences(
        [{ kind: 'size', text: 'Different size: 43-inch vs 85-inch' }],
        [],
        [
          'same model number TCL-QM655R',
          'different size: 85in vs 43in',
          'same brand tcl',
          'similar price',
          'title similarity 0.71',
        ],
        'tcl',
      ),
    ).toEqual([
      'Different size: 43-inch vs 85-inch',
      'Same model number (QM655R)',
      'Same brand (TCL)',
      'Very similar name',
    ]);
  });

  it('never shows internals: similarity figures, price ratios, unshared numbers', () => {
    const sentences = reasonSentences(
      [],
      ['Same barcode (GTIN 00635568174896)'],
      [
        'title similarity 0.28',
        'price differs ×2.4',
        'different numbers: 85 vs 43',
        'different storage: 128gb vs 256gb',
        'different brands: sony vs western digital',
        'only one is upgrade',
      ],
    );
    expect(sentences).toEqual([
      'Same barcode (GTIN 00635568174896)',
      'Different storage: 256 GB vs 128 GB',
      'Different brand: Western Digital vs Sony',
      'Only one of them is an upgrade version',
    ]);
    expect(sentences.join(' ')).not.toMatch(/\d\.\d\d|similarity/);
  });
});

describe('brands in reasons', () => {
  it('names a brand as a title writes it in mixed case, else capitalised', () => {
    const sentences = (reason: string, titles: string[]) =>
      reasonSentences([], [], [reason], null, titles);
    expect(
      sentences('same brand hyperx', ['hyperx cloud stinger', 'HyperX Cloud Stinger 3 S Headset']),
    ).toEqual(['Same brand (HyperX)']);
    expect(
      sentences('different brands: tp-link vs western digital', [
        'WESTERN DIGITAL Blue 1TB',
        'TP-Link Archer AX55',
      ]),
    ).toEqual(['Different brand: Western Digital vs TP-Link']);
    // Capitals only, or no title naming it: word by word.
    expect(sentences('same brand apple', ['APPLE AIRPODS PRO', 'apple airpods pro'])).toEqual([
      'Same brand (Apple)',
    ]);
    expect(sentences('same brand hyperx', [])).toEqual(['Same brand (Hyperx)']);
  });
});

describe('measureText', () => {
  it('writes a measure as a shopper reads it', () => {
    expect(measureText('85in')).toBe('85-inch');
    expect(measureText('128gb')).toBe('128 GB');
    expect(measureText('10000mah')).toBe('10,000 mAh');
    expect(measureText('2.4ghz')).toBe('2.4 GHz');
  });
});
