import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, normalizeGtin } from './gtin.ts';

describe('normalizeGtin', () => {
  it.each<[string | number, string]>([
    ['036000291452', '00036000291452'], // UPC-A
    ['4006381333931', '04006381333931'], // EAN-13
    ['96385074', '00000096385074'], // GTIN-8
    ['9780306406157', '09780306406157'], // ISBN-13
    ['00012345600012', '00012345600012'], // GTIN-14
    ['5901234123457', '05901234123457'], // EAN-13 (GS1 example)
    ['0 36000 29145 2', '00036000291452'],
    ['978-0-306-40615-7', '09780306406157'],
    ['  4006381333931\n', '04006381333931'],
    ['EAN: 4006381333931', '04006381333931'],
    ['UPC-A 036000291452', '00036000291452'],
    ['ISBN-13: 978-0-306-40615-7', '09780306406157'],
    [4006381333931, '04006381333931'],
    [36000291452, '00036000291452'], // a UPC whose leading zero a spreadsheet dropped
    [96385074, '00000096385074'],
  ])('%j -> %s', (input, gtin) => {
    expect(normalizeGtin(input)).toBe(gtin);
  });

  it.each<string | number>([
    '036000291453', // wrong check digit
    '4006381333932',
    '96385075',
    '4006381333913', // two digits swapped
    '36000291452', // 11 digits as text
    '400638133393', // 12 digits, not a UPC
    '123456789012345', // 15 digits
    '00000000000000',
    '00000000',
    '',
    'abc',
    '40063813339a1',
    '4006381333931x',
    '4006381.333931',
    '+4006381333931',
    0,
    -4006381333931,
    4006381333.931,
    Number.NaN,
    2 ** 53, // not a safe integer
  ])('refuses %j', (input) => {
    expect(normalizeGtin(input)).toBeNull();
    expect(isValidGtin(input)).toBe(false);
  });

  it('refuses non-string, non-number input from untyped callers', () => {
    expect(normalizeGtin(null as unknown as string)).toBeNull();
  });
});

describe('gtinCheckDigit', () => {
  it.each([
    ['03600029145', 2],
    ['400638133393', 1],
    ['9638507', 4],
    ['978030640615', 7],
    ['0001234560001', 2],
  ])('%s -> %d', (body, digit) => {
    expect(gtinCheckDigit(body)).toBe(digit);
  });

  it('makes valid GTINs of every length from any body', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(7, 11, 12, 13),
        fc.stringMatching(/^\d{13}$/),
        (length, digits) => {
          const body = digits.slice(0, length);
          const gtin = body + gtinCheckDigit(body);
          expect(isValidGtin(gtin) || /^0+$/.test(gtin)).toBe(true);
        },
      ),
    );
  });

  it('catches every single-digit error', () => {
    const gtin = '4006381333931';
    for (let index = 0; index < gtin.length; index += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === gtin[index]) continue;
        const corrupted = gtin.slice(0, index) + digit + gtin.slice(index + 1);
        expect(isValidGtin(corrupted)).toBe(false);
      }
    }
  });

  it.each(['', '12a', '123456789012345678'])('throws a RangeError for %j', (body) => {
    expect(() => gtinCheckDigit(body)).toThrow(RangeError);
  });
});
