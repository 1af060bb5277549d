/**
 * Money as ipick shows it: an integer number of minor units plus an ISO 4217 currency. Apart
 * from price.ts (which reads prices from page text) so that the pages that only print prices
 * stay small.
 */

// ISO 4217 minor-unit exponents that differ from the usual 2.
const zeroDecimalCurrencies = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const threeDecimalCurrencies = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Digits after the decimal point in `currency`'s minor unit (ISO 4217): 0 for JPY, 3 for KWD. */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (zeroDecimalCurrencies.has(code)) return 0;
  if (threeDecimalCurrencies.has(code)) return 3;
  return 2;
}

/**
 * `amountMinor` of `currency` for display, with the currency's own number of decimals
 * ('$1,299.99', '¥1,299'). The default locale is fixed so that the server and the browser print
 * the same text; an unknown currency or locale falls back to '12.99 XYZ'.
 */
export function formatMoney(amountMinor: number, currency: string, locale = 'en-US'): string {
  const exponent = currencyExponent(currency);
  const major = amountMinor / 10 ** exponent;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(major);
  } catch {
    return `${major.toFixed(exponent)} ${currency.toUpperCase()}`;
  }
}
