/**
 * Prices read from shop pages and merchant feeds. Money is an integer number of minor units plus
 * an ISO 4217 currency, so that sums and comparisons never meet floating-point cents.
 */

import { currencyExponent } from './money.ts';

// Formatting and minor units are in money.ts, so that a page that only shows prices does not
// download this reader of price text (its currency tables and symbols).
export { currencyExponent, formatMoney } from './money.ts';

/** Prices above this many major units are misreadings (a GTIN or phone number taken for a price). */
export const MAX_PRICE_MAJOR_UNITS = 1_000_000_000;

export interface ParsedPrice {
  /** The amount in the currency's minor units (cents); whole yen for JPY. */
  amountMinor: number;
  /** ISO 4217 code, upper-case; null when neither the text nor the options name one. */
  currency: string | null;
}

export interface ParsePriceOptions {
  /** The page's or feed's currency, used when the text has no currency mark or an ambiguous one ($, ¥, kr). */
  currency?: string;
  /** Settles '1.299' and '1,299' when the page's locale is known; the text's own structure wins. */
  decimalSeparator?: '.' | ',';
}

/** Active ISO 4217 codes, recognised in price text ('12.99 USD', 'EUR 9,99'). */
const isoCurrencyCodes = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN ' +
    'BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD ' +
    'FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY ' +
    'KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP ' +
    'MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR ' +
    'RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT ' +
    'TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);

/** Codes that are also English words; they count only right next to the number. */
const wordLikeCodes = new Set(['ALL', 'BOB', 'CUP', 'GEL', 'MOP', 'PEN', 'SOS', 'TOP']);

/** A currency mark and what it means; `family` lists the currencies an ambiguous mark may mean. */
interface CurrencySymbol {
  text: string;
  currency: string | null;
  family?: readonly string[];
}

const dollarFamily = ['USD', 'CAD', 'AUD', 'NZD', 'HKD', 'SGD', 'MXN', 'TWD'];

// Longest first, so that 'US$' is read before '$'. Text is NFKC-normalised first ('＄' -> '$').
const currencySymbols: readonly CurrencySymbol[] = [
  { text: 'US$', currency: 'USD' },
  { text: 'CA$', currency: 'CAD' },
  { text: 'AU$', currency: 'AUD' },
  { text: 'NZ$', currency: 'NZD' },
  { text: 'HK$', currency: 'HKD' },
  { text: 'SG$', currency: 'SGD' },
  { text: 'MX$', currency: 'MXN' },
  { text: 'NT$', currency: 'TWD' },
  { text: 'JP¥', currency: 'JPY' },
  { text: 'CN¥', currency: 'CNY' },
  { text: 'Rs.', currency: 'INR' },
  { text: 'lei', currency: 'RON' },
  { text: 'kr.', currency: null, family: ['SEK', 'NOK', 'DKK', 'ISK'] },
  { text: 'Fr.', currency: 'CHF' },
  { text: 'C$', currency: 'CAD' },
  { text: 'A$', currency: 'AUD' },
  { text: 'S$', currency: 'SGD' },
  { text: 'R$', currency: 'BRL' },
  { text: 'zł', currency: 'PLN' },
  { text: 'Kč', currency: 'CZK' },
  { text: 'Ft', currency: 'HUF' },
  { text: 'RM', currency: 'MYR' },
  { text: 'Rp', currency: 'IDR' },
  { text: 'Rs', currency: 'INR' },
  { text: 'kr', currency: null, family: ['SEK', 'NOK', 'DKK', 'ISK'] },
  { text: '$', currency: 'USD', family: dollarFamily },
  { text: '¥', currency: 'JPY', family: ['JPY', 'CNY'] },
  { text: '€', currency: 'EUR' },
  { text: '£', currency: 'GBP' },
  { text: '元', currency: 'CNY' },
  { text: '円', currency: 'JPY' },
  { text: '₹', currency: 'INR' },
  { text: '₩', currency: 'KRW' },
  { text: '₽', currency: 'RUB' },
  { text: '₺', currency: 'TRY' },
  { text: '₪', currency: 'ILS' },
  { text: '₫', currency: 'VND' },
  { text: '฿', currency: 'THB' },
  { text: '₱', currency: 'PHP' },
  { text: '₴', currency: 'UAH' },
  { text: '₦', currency: 'NGN' },
  { text: '₡', currency: 'CRC' },
];

/** A mark found in the text: an ISO code, or a symbol. */
type CurrencyMark = { code: string } | { symbol: CurrencySymbol };

/**
 * Reads a price from shop or feed text: '$1,299.99', '1.299,00 €', '1 299,99 €', 'USD 12.99',
 * '12.99 USD' (Google Merchant), '¥1,299', 'CHF 1'299.50'. A single separator followed by exactly
 * three digits groups thousands ('€1.299' is 1299 euros) unless `decimalSeparator` says otherwise
 * or the currency has three decimals; with two digits it is the decimal point. The first number in
 * the text is the price. Returns null for text with no number, a negative price, or more than
 * {@link MAX_PRICE_MAJOR_UNITS}. Never throws.
 */
export function parsePrice(
  text: string | number | null | undefined,
  options: ParsePriceOptions = {},
): ParsedPrice | null {
  const optionCurrency =
    options.currency !== undefined && /^[a-z]{3}$/i.test(options.currency)
      ? options.currency.toUpperCase()
      : null;
  if (typeof text === 'number') {
    if (!Number.isFinite(text) || text < 0 || text > MAX_PRICE_MAJOR_UNITS) return null;
    const exponent = currencyExponent(optionCurrency ?? '');
    // toPrecision absorbs binary noise: 1.005 * 100 is 100.49999999999999.
    const amountMinor = Math.round(Number((text * 10 ** exponent).toPrecision(15)));
    return { amountMinor, currency: optionCurrency };
  }
  if (typeof text !== 'string') return null;

  const normalized = text.normalize('NFKC');
  const found = findNumber(normalized);
  if (found === null || found.isNegative) return null;
  const mark = findCurrencyMark(normalized, found.start, found.end);
  const currency = mark === null ? optionCurrency : currencyOfMark(mark, optionCurrency);
  const exponent = currencyExponent(currency ?? '');
  const number = readNumber(found.run, options.decimalSeparator, exponent);
  if (number === null) return null;
  const amountMinor = toMinorUnits(number, exponent);
  if (amountMinor > MAX_PRICE_MAJOR_UNITS * 10 ** exponent) return null;
  return { amountMinor, currency };
}

/**
 * Spec §5 word for word, for the click payloads that carry a price as a plain number: the text
 * stripped to digits and dots, then read as a number; 0 if nothing is left. '1.299,00' becomes
 * 1.299 here; use {@link parsePrice} for anything that is stored or compared.
 */
export function legacyPriceNumber(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  const value = Number.parseFloat(String(text ?? '').replace(/[^0-9.]/g, ''));
  return Number.isFinite(value) ? value : 0;
}

interface FoundNumber {
  run: string;
  start: number;
  end: number;
  isNegative: boolean;
}

const minusSigns = new Set(['-', '\u2212']);

/** The first run of digits and separators in the text, and whether a minus sign is attached to it. */
function findNumber(text: string): FoundNumber | null {
  const firstDigit = text.search(/\d/);
  if (firstDigit < 0) return null;
  let start = firstDigit;
  // '$.99': a leading separator counts when it does not end a word ('Rs.1,299').
  if (start > 0 && /[.,]/.test(text[start - 1]!) && !/[\p{L}\p{N}]/u.test(text[start - 2] ?? '')) {
    start -= 1;
  }
  let end = firstDigit;
  while (end < text.length && /[\d.,'’ ]/.test(text[end]!)) end += 1;
  while (!/\d/.test(text[end - 1]!)) end -= 1;
  const before = text.slice(0, start);
  const symbolBefore = currencySymbols.find((symbol) => before.endsWith(symbol.text));
  const signIndex = start - 1 - (symbolBefore === undefined ? 0 : symbolBefore.text.length);
  const isNegative = minusSigns.has(text[start - 1] ?? '') || minusSigns.has(text[signIndex] ?? '');
  return { run: text.slice(start, end), start, end, isNegative };
}

/**
 * A currency mark right before or after the number ('$12', '12,99 €', 'USD 12.99'); an ISO code
 * beats a symbol when both are there ('$12.99 CAD'). Failing that, the first mark anywhere.
 */
function findCurrencyMark(text: string, start: number, end: number): CurrencyMark | null {
  const before = text.slice(0, start).replace(/[\s\-\u2212]+$/, '');
  const after = text.slice(end).trimStart();
  const codeBefore = /(?:^|[^A-Za-z])([A-Z]{3})\$?$/.exec(before)?.[1];
  const codeAfter = /^([A-Z]{3})(?![A-Za-z])/.exec(after)?.[1];
  for (const code of [codeBefore, codeAfter]) {
    if (code !== undefined && isoCurrencyCodes.has(code)) return { code };
  }
  for (const symbol of currencySymbols) {
    const { text: mark } = symbol;
    const endsBefore =
      before.endsWith(mark) &&
      !(isLatinLetter(mark[0]) && isLatinLetter(before[before.length - mark.length - 1]));
    const startsAfter =
      after.startsWith(mark) &&
      !(isLatinLetter(mark[mark.length - 1]) && isLatinLetter(after[mark.length]));
    if (endsBefore || startsAfter) return { symbol };
  }
  return firstMarkAnywhere(text);
}

function firstMarkAnywhere(text: string): CurrencyMark | null {
  let best: { index: number; mark: CurrencyMark } | null = null;
  for (const match of text.matchAll(/(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])/g)) {
    if (isoCurrencyCodes.has(match[0]) && !wordLikeCodes.has(match[0])) {
      best = { index: match.index, mark: { code: match[0] } };
      break;
    }
  }
  for (const symbol of currencySymbols) {
    // Letter marks ('kr', 'Ft', 'lei') only count next to the number: they are common inside words.
    if (isLatinLetter(symbol.text[0])) continue;
    const index = text.indexOf(symbol.text);
    if (index >= 0 && (best === null || index < best.index)) best = { index, mark: { symbol } };
  }
  return best?.mark ?? null;
}

/** Marks made of Latin letters ('kr', 'zł') must not be part of a word ('Ukraine'). */
function isLatinLetter(character: string | undefined): boolean {
  return character !== undefined && /\p{Script=Latin}/u.test(character);
}

function currencyOfMark(mark: CurrencyMark, optionCurrency: string | null): string | null {
  if ('code' in mark) return mark.code;
  const { family, currency } = mark.symbol;
  if (family !== undefined && optionCurrency !== null && family.includes(optionCurrency)) {
    return optionCurrency;
  }
  return currency;
}

interface DecimalNumber {
  integerDigits: string;
  fractionDigits: string;
}

/**
 * Reads a run such as '1,299.99', '1.299,00', '1 299,99' or '1,29,999'. Spaces and apostrophes
 * only group thousands. When the whole run does not read as one number ('12.99 15.99'), it is cut
 * at its last space and read again.
 */
function readNumber(
  run: string,
  decimalSeparator: '.' | ',' | undefined,
  exponent: number,
): DecimalNumber | null {
  let candidate = run;
  for (;;) {
    const number = readGroupedNumber(candidate, decimalSeparator, exponent);
    if (number !== null) return number;
    const cut = candidate.lastIndexOf(' ');
    if (cut <= 0) return null;
    candidate = candidate.slice(0, cut).replace(/[^\d]+$/, '');
    if (candidate === '') return null;
  }
}

function readGroupedNumber(
  run: string,
  decimalSeparator: '.' | ',' | undefined,
  exponent: number,
): DecimalNumber | null {
  const tokens = run.match(/\d+|\D/g) ?? [];
  const groups: string[] = [];
  const separators: string[] = [];
  let expectDigits = true;
  for (const token of tokens) {
    const isDigits = /^\d/.test(token);
    if (isDigits !== expectDigits) {
      // Only a leading separator ('.99') may stand where digits were expected.
      if (groups.length !== 0 || isDigits) return null;
      groups.push('');
      expectDigits = false;
    }
    (isDigits ? groups : separators).push(token);
    expectDigits = !isDigits;
  }
  if (separators.length === 0) return { integerDigits: groups[0] ?? '', fractionDigits: '' };

  const last = separators[separators.length - 1]!;
  const lastGroup = groups[groups.length - 1]!;
  let hasDecimal: boolean;
  if (last !== '.' && last !== ',') {
    hasDecimal = false;
  } else if (separators.filter((separator) => separator === last).length > 1) {
    hasDecimal = false;
  } else if (separators.length > 1 || groups[0] === '' || groups[0] === '0') {
    hasDecimal = true;
  } else if (exponent === 3) {
    // Dinar prices keep three decimals ('KWD 12.500'), so three digits do not mean thousands.
    hasDecimal = last === '.' || lastGroup.length !== 3;
  } else if (decimalSeparator !== undefined && lastGroup.length === 3) {
    hasDecimal = last === decimalSeparator;
  } else {
    hasDecimal = lastGroup.length !== 3;
  }

  const integerGroups = hasDecimal ? groups.slice(0, -1) : groups;
  const groupSeparators = hasDecimal ? separators.slice(0, -1) : separators;
  if (new Set(groupSeparators).size > 1) return null;
  if (groupSeparators.length > 0 && !isValidGrouping(integerGroups)) return null;
  return {
    integerDigits: integerGroups.join('') || '0',
    fractionDigits: hasDecimal ? lastGroup : '',
  };
}

/** 1-3 leading digits, then groups of three; Indian lakh grouping (1,29,999) allows pairs before the last. */
function isValidGrouping(groups: readonly string[]): boolean {
  const [first, ...rest] = groups;
  if (first === undefined || first.length < 1 || first.length > 3) return false;
  return rest.every((group, index) =>
    index === rest.length - 1 ? group.length === 3 : group.length === 2 || group.length === 3,
  );
}

/** Exact decimal-to-integer conversion, rounding half up at the currency's last digit. */
function toMinorUnits({ integerDigits, fractionDigits }: DecimalNumber, exponent: number): number {
  const integer = Number(integerDigits);
  const padded = fractionDigits.padEnd(exponent + 1, '0');
  const kept = Number(padded.slice(0, exponent) || '0');
  const roundUp = padded[exponent]! >= '5' ? 1 : 0;
  return integer * 10 ** exponent + kept + roundUp;
}
