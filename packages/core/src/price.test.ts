import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE_MAJOR_UNITS,
  currencyExponent,
  formatMoney,
  legacyPriceNumber,
  parsePrice,
  type ParsePriceOptions,
} from './price.ts';

describe('parsePrice', () => {
  it.each<[string, ParsePriceOptions, number, string | null]>([
    // Thousands and decimal separators (issue 4).
    ['1,299.99', {}, 129999, null],
    ['1.299,00', { currency: 'EUR' }, 129900, 'EUR'],
    ['€1.299', {}, 129900, 'EUR'],
    ['1 299,99 €', {}, 129999, 'EUR'],
    ['1\u00a0299,99\u00a0€', {}, 129999, 'EUR'],
    ['1\u202f299,99 €', {}, 129999, 'EUR'],
    ['$12', {}, 1200, 'USD'],
    ['USD 12.99', {}, 1299, 'USD'],
    ['12.99 USD', {}, 1299, 'USD'],
    ['12.99USD', {}, 1299, 'USD'],
    ['¥1,299', {}, 1299, 'JPY'],
    ['JPY 1299', {}, 1299, 'JPY'],
    ['₩1,299,000', {}, 1299000, 'KRW'],
    ['KWD 12.500', {}, 12500, 'KWD'],
    ['BHD 1.5', {}, 1500, 'BHD'],
    ["CHF 1'299.50", {}, 129950, 'CHF'],
    ['£1,299', {}, 129900, 'GBP'],
    ['12,99 €', {}, 1299, 'EUR'],
    ['1.234.567,89 EUR', {}, 123456789, 'EUR'],
    ['1,234,567', {}, 123456700, null],
    ['₹1,29,999', {}, 12999900, 'INR'],
    ['Rs.1,299', {}, 129900, 'INR'],
    ['R$ 1.299,90', {}, 129990, 'BRL'],
    ['CA$19.99', {}, 1999, 'CAD'],
    ['C$ 19.99', {}, 1999, 'CAD'],
    ['US$19.99', {}, 1999, 'USD'],
    ['$12.99 CAD', {}, 1299, 'CAD'],
    ['129,00 zł', {}, 12900, 'PLN'],
    ['1 299 Kč', {}, 129900, 'CZK'],
    ['1299円', {}, 1299, 'JPY'],
    ['１，２９９円', {}, 1299, 'JPY'],
    ['$.99', {}, 99, 'USD'],
    ['0,500', {}, 50, null],
    ['12,-', { currency: 'EUR' }, 1200, 'EUR'],
    ['12.5', {}, 1250, null],
    ['12.999', { decimalSeparator: '.' }, 1300, null],
    ['1.299', { decimalSeparator: ',' }, 129900, null],
    ['1,299', { decimalSeparator: ',' }, 130, null],
    ['1,299', { decimalSeparator: '.' }, 129900, null],
    ['12,99', { decimalSeparator: '.' }, 1299, null],
    // The page's currency settles ambiguous marks and fills in for none.
    ['$19.99', { currency: 'CAD' }, 1999, 'CAD'],
    ['$19.99', { currency: 'EUR' }, 1999, 'USD'],
    ['€19,99', { currency: 'USD' }, 1999, 'EUR'],
    ['¥99', { currency: 'CNY' }, 9900, 'CNY'],
    ['99 kr', { currency: 'SEK' }, 9900, 'SEK'],
    ['99 kr', {}, 9900, null],
    ['19.99', { currency: 'gbp' }, 1999, 'GBP'],
    ['19.99', { currency: 'pounds' }, 1999, null],
    // Text around the number.
    ['Price: $1,299.99', {}, 129999, 'USD'],
    ['Now $999.99 (was $1,299.99)', {}, 99999, 'USD'],
    ['12.99 15.99', {}, 1299, null],
    ['$10 - $20', {}, 1000, 'USD'],
    ['Price - $12', {}, 1200, 'USD'],
    ['Ukraine 12', {}, 1200, null],
    ['ALL SALES FINAL 12.99', {}, 1299, null],
    ['0', {}, 0, null],
    ['$0.00', {}, 0, 'USD'],
    ['1000000000', {}, 100000000000, null],
  ])('%j %j -> %d %s', (text, options, amountMinor, currency) => {
    expect(parsePrice(text, options)).toEqual({ amountMinor, currency });
  });

  it.each<[number, ParsePriceOptions, number, string | null]>([
    [12.99, {}, 1299, null],
    [1.005, { currency: 'USD' }, 101, 'USD'],
    [0.1 + 0.2, { currency: 'EUR' }, 30, 'EUR'],
    [1299, { currency: 'JPY' }, 1299, 'JPY'],
    [12.5, { currency: 'KWD' }, 12500, 'KWD'],
    [0, {}, 0, null],
  ])('reads the number %d %j', (value, options, amountMinor, currency) => {
    expect(parsePrice(value, options)).toEqual({ amountMinor, currency });
  });

  it.each<string | number | null | undefined>([
    '',
    '   ',
    'abc',
    'Free',
    'Out of stock',
    '$',
    '-12.99',
    '-$12',
    '$-12',
    '−12 €',
    '1.2.3',
    '1,,2',
    '1000000001',
    '99999999999999999999999',
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    MAX_PRICE_MAJOR_UNITS + 1,
    null,
    undefined,
  ])('refuses %j', (text) => {
    expect(parsePrice(text)).toBeNull();
  });

  it('never throws and stays in range on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const price = parsePrice(text);
        if (price === null) return;
        expect(Number.isSafeInteger(price.amountMinor)).toBe(true);
        expect(price.amountMinor).toBeGreaterThanOrEqual(0);
        expect(price.amountMinor).toBeLessThanOrEqual(MAX_PRICE_MAJOR_UNITS * 1000);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads back what formatMoney prints', () => {
    const amounts = fc.integer({ min: 0, max: 99_999_999_999 });
    const currencies = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'KRW', 'KWD', 'CHF', 'INR');
    const locales = fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-IN', 'ja-JP', 'de-CH');
    fc.assert(
      fc.property(amounts, currencies, locales, (amountMinor, currency, locale) => {
        fc.pre(amountMinor <= MAX_PRICE_MAJOR_UNITS * 10 ** currencyExponent(currency));
        const text = formatMoney(amountMinor, currency, locale);
        const decimalSeparator = locale === 'de-DE' || locale === 'fr-FR' ? ',' : '.';
        expect(parsePrice(text, { currency, decimalSeparator })).toEqual({ amountMinor, currency });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('legacyPriceNumber (spec §5, literally)', () => {
  it.each<[string | number | null | undefined, number]>([
    ['$1,299.99', 1299.99],
    ['1.299,00', 1.299],
    ['€ 12', 12],
    ['USD 12.99', 12.99],
    ['', 0],
    ['Free', 0],
    [null, 0],
    [undefined, 0],
    ['1.2.3', 1.2],
    ['-5', 5],
    [12.5, 12.5],
    [Number.NaN, 0],
  ])('%j -> %d', (text, value) => {
    expect(legacyPriceNumber(text)).toBe(value);
  });
});

describe('currencyExponent (ISO 4217)', () => {
  it.each([
    ['USD', 2],
    ['eur', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['XYZ', 2],
  ])('%s -> %d', (currency, exponent) => {
    expect(currencyExponent(currency)).toBe(exponent);
  });
});

describe('formatMoney', () => {
  it.each<[number, string, string | undefined, string]>([
    [129999, 'USD', undefined, '$1,299.99'],
    [1200, 'USD', 'en-US', '$12.00'],
    [1299, 'JPY', 'en-US', '¥1,299'],
    [12500, 'KWD', 'en-US', 'KWD\u00a012.500'],
    [129900, 'EUR', 'de-DE', '1.299,00\u00a0€'],
    [0, 'GBP', 'en-GB', '£0.00'],
  ])('%d %s %s -> %s', (amountMinor, currency, locale, text) => {
    expect(formatMoney(amountMinor, currency, locale)).toBe(text);
  });

  it('falls back to plain text for an unknown currency or locale', () => {
    expect(formatMoney(1299, 'NOT-A-CODE')).toBe('12.99 NOT-A-CODE');
    expect(formatMoney(1299, 'USD', 'not a locale!')).toBe('12.99 USD');
  });
});
