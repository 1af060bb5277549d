import { parsePrice } from '@ipick/core';
import type { ExtractedPrice } from './extracted-product.ts';
import { fieldLengths } from './extraction-limits.ts';
import { cleanText, normalizeCurrency } from './text-values.ts';

/** What the page as a whole says about how its prices are written. */
export interface PriceContext {
  /** The page's currency (Open Graph, structured data, `data-asin-currency-code`...). */
  currency: string | null;
  /** From the page's language: ',' on a German or French page, '.' on an English one. */
  decimalSeparator: '.' | ',' | null;
}

/**
 * How a price value was written. `machine`: a structured-data value (JSON-LD price, a microdata
 * `content` attribute, `product:price:amount`), where schema.org says '.' is the decimal point.
 * `display`: text written for people ('1.299,00 €'), read in the page's own locale.
 */
export type PriceNotation = 'machine' | 'display';

/**
 * A price through `parsePrice` (issue 4, "Prices"): the value's own currency when it names one,
 * else the page's; null for no number, zero or negative amounts.
 */
export function readPrice(
  value: unknown,
  ownCurrency: unknown,
  notation: PriceNotation,
  context: PriceContext,
): ExtractedPrice | null {
  const currency = normalizeCurrency(ownCurrency) ?? context.currency;
  const currencyOption = currency === null ? {} : { currency };
  let parsed: ReturnType<typeof parsePrice>;
  if (typeof value === 'number') {
    parsed = parsePrice(value, currencyOption);
  } else {
    const text = cleanText(value, fieldLengths.priceText);
    if (text === null) return null;
    const decimalSeparator = decimalSeparatorFor(text, notation, context);
    parsed = parsePrice(text, {
      ...currencyOption,
      ...(decimalSeparator === null ? {} : { decimalSeparator }),
    });
  }
  if (parsed === null || !Number.isSafeInteger(parsed.amountMinor) || parsed.amountMinor <= 0) {
    return null;
  }
  return { amountMinor: parsed.amountMinor, currency: parsed.currency ?? currency };
}

function decimalSeparatorFor(
  text: string,
  notation: PriceNotation,
  context: PriceContext,
): '.' | ',' | null {
  if (notation === 'display') return context.decimalSeparator;
  // '19.99' in structured data is a decimal point, except that a comma-locale page writing
  // '1.299' means a thousand and more, not one euro thirty.
  if (/^\d+\.\d{3}$/.test(text) && context.decimalSeparator === ',') return ',';
  if (/^\d+(?:\.\d+)?$/.test(text)) return '.';
  return context.decimalSeparator;
}

// Languages whose numbers use a decimal comma (CLDR); others are read with a decimal point.
const commaDecimalLanguages = new Set([
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'es',
  'et',
  'fi',
  'fr',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'lt',
  'lv',
  'nb',
  'nl',
  'nn',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'tr',
  'uk',
  'vi',
]);
const pointDecimalLanguages = new Set(['en', 'ja', 'zh', 'ko', 'he', 'th', 'hi', 'ms', 'fil']);

/**
 * The decimal separator of a page in `language` ('de-DE', 'en_US'); when the language is unknown,
 * a EUR price is read the German way, the most common among euro shops.
 */
export function decimalSeparatorOf(
  language: string | null,
  currency: string | null,
): '.' | ',' | null {
  const primary = language?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary !== undefined && commaDecimalLanguages.has(primary)) return ',';
  if (primary !== undefined && pointDecimalLanguages.has(primary)) return '.';
  return currency === 'EUR' ? ',' : null;
}
