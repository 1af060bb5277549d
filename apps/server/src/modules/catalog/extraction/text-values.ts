import { gtinCheckDigit, normalizeGtin } from '@ipick/core';
import type { Availability, Condition } from './extracted-product.ts';
import { fieldLengths } from './extraction-limits.ts';

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  frac12: '½',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  eacute: 'é',
  Eacute: 'É',
  egrave: 'è',
  ecirc: 'ê',
  aacute: 'á',
  agrave: 'à',
  acirc: 'â',
  iacute: 'í',
  oacute: 'ó',
  ocirc: 'ô',
  uacute: 'ú',
  ntilde: 'ñ',
  ccedil: 'ç',
  oslash: 'ø',
  aring: 'å',
  aelig: 'æ',
};

// Bounded quantifiers and a required ';': linear on any input.
const entityPattern = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

/**
 * Decodes the HTML entities that leak into JSON-LD strings and double-escaped markup ('Tom &amp;
 * Jerry', 'Caf&eacute;', '&#8482;'). Unknown names are left as they are.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    entityPattern,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return namedEntities[name] ?? whole;
      const codePoint = Number.parseInt(decimal ?? hex ?? '', decimal === undefined ? 16 : 10);
      return codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff)
        ? String.fromCodePoint(codePoint)
        : '\ufffd';
    },
  );
}

// Tags that sit inside a word ('Wi<b>dg</b>et') are removed without a space; others become one.
export const inlineTags: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'b',
  'em',
  'font',
  'i',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
]);

/**
 * Removes markup from text that should be plain: `<script>`/`<style>` blocks with their content,
 * then every other tag. A hand-written scan, because `/<[^>]*>/g` is quadratic on '<<<<…'.
 */
export function stripTags(text: string): string {
  if (!text.includes('<')) return text;
  const lower = text.toLowerCase();
  let result = '';
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('<', position);
    if (open < 0) break;
    if (!/[A-Za-z/!?]/.test(text[open + 1] ?? '')) {
      result += text.slice(position, open + 1);
      position = open + 1;
      continue;
    }
    result += text.slice(position, open);
    const close = text.indexOf('>', open + 1);
    // An unclosed tag: drop the rest rather than keep half a tag.
    if (close < 0) return result;
    const name = /^\/?([a-z][a-z0-9]*)/.exec(lower.slice(open + 1, open + 12))?.[1] ?? '';
    result += inlineTags.has(name) ? '' : ' ';
    position = close + 1;
    if ((name === 'script' || name === 'style') && lower[open + 1] !== '/') {
      const end = lower.indexOf(`</${name}`, position);
      if (end < 0) return result;
      const endClose = text.indexOf('>', end);
      position = endClose < 0 ? text.length : endClose + 1;
    }
  }
  return result + text.slice(position);
}

// Zero-width characters, bidirectional overrides and other invisible format characters: they
// make two equal strings differ and can disguise text.
const invisibleCharacters = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const controlAndSpaceRuns = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/**
 * Plain, single-line text from any value a page gives: entities decoded, tags, control and
 * invisible characters removed, whitespace collapsed, trimmed and cut to `maxLength` (at a word
 * boundary with '…' when that is close). Null when nothing is left.
 */
export function cleanText(value: unknown, maxLength: number): string | null {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return null;
  // Work on a bounded slice: markup may shrink it, but never by more than this.
  text = text.slice(0, maxLength * 16 + 1_024);
  text = stripTags(decodeHtmlEntities(text))
    .replace(invisibleCharacters, '')
    .replace(controlAndSpaceRuns, ' ')
    .trim();
  if (text === '') return null;
  return truncate(text, maxLength);
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let cut = maxLength - 1;
  const space = text.lastIndexOf(' ', cut);
  if (space > maxLength * 0.8) cut = space;
  // Never split a surrogate pair.
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/** An SKU, MPN or similar code: plain text, short. */
export function cleanIdentifier(value: unknown): string | null {
  const text = cleanText(value, fieldLengths.identifier + 1);
  return text === null || text.length > fieldLengths.identifier ? null : text;
}

/** An absolute http(s) URL for `value` read against `base`, or null. */
export function toAbsoluteUrl(value: unknown, base: string | null): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text.length > fieldLengths.url) return null;
  try {
    const url = base === null ? new URL(text) : new URL(text, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username !== '' || url.password !== '') return null;
    return url.href.length > fieldLengths.url ? null : url.href;
  } catch {
    return null;
  }
}

/** 'https://schema.org/InStock', 'InStock', 'in stock', 'in_stock' → 'instock'. */
function token(value: string): string {
  const lastSegment = value.slice(value.lastIndexOf('/') + 1);
  const withoutPrefix = lastSegment.slice(lastSegment.lastIndexOf(':') + 1);
  return withoutPrefix.toLowerCase().replace(/[^a-z]/g, '');
}

const availabilityTokens: Record<string, Availability> = {
  instock: 'in_stock',
  instoreonly: 'in_stock',
  onlineonly: 'in_stock',
  available: 'in_stock',
  limitedavailability: 'limited',
  limitedstock: 'limited',
  lowstock: 'limited',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  unavailable: 'out_of_stock',
  notavailable: 'out_of_stock',
  oos: 'out_of_stock',
  preorder: 'preorder',
  presale: 'preorder',
  backorder: 'backorder',
  madetoorder: 'backorder',
  availablefororder: 'backorder',
  discontinued: 'discontinued',
};

/**
 * A schema.org ItemAvailability (URL or bare name), an Open Graph / Google Merchant word, or a
 * shop's stock text ('Only 3 left in stock', 'Currently unavailable').
 */
export function normalizeAvailability(value: unknown): Availability | null {
  if (typeof value !== 'string') return null;
  const text = value.slice(0, 300);
  const exact = availabilityTokens[token(text.trim())];
  if (exact !== undefined) return exact;
  const lower = text.toLowerCase();
  if (/pre-?order/.test(lower)) return 'preorder';
  if (/back-?order/.test(lower)) return 'backorder';
  if (/discontinued|no longer available/.test(lower)) return 'discontinued';
  if (/only \d+ left|few left|low stock|limited/.test(lower)) return 'limited';
  if (/out of stock|sold out|unavailable|not available/.test(lower)) return 'out_of_stock';
  if (/in stock|available/.test(lower)) return 'in_stock';
  return null;
}

const conditionTokens: Record<string, Condition> = {
  newcondition: 'new',
  new: 'new',
  brandnew: 'new',
  usedcondition: 'used',
  used: 'used',
  preowned: 'used',
  openbox: 'used',
  likenew: 'used',
  damagedcondition: 'used',
  refurbishedcondition: 'refurbished',
  refurbished: 'refurbished',
  renewed: 'refurbished',
  certifiedrefurbished: 'refurbished',
  sellerrefurbished: 'refurbished',
  manufacturerrefurbished: 'refurbished',
};

/** A schema.org OfferItemCondition (URL or bare name) or a shop's condition word. */
export function normalizeCondition(value: unknown): Condition | null {
  if (typeof value !== 'string') return null;
  return conditionTokens[token(value.slice(0, 100).trim())] ?? null;
}

/** ISO 4217 code from a priceCurrency value ('usd', ' EUR ', '€'). */
export function normalizeCurrency(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^[A-Za-z]{3}$/.test(text)) return text.toUpperCase();
  return currencySymbols[text] ?? null;
}

const currencySymbols: Record<string, string> = { '€': 'EUR', '£': 'GBP', $: 'USD', US$: 'USD' };

/**
 * The 14-digit GTIN in a gtin/gtin13/isbn/productID value: bare digits, 'gtin13:…', 'EAN 400…',
 * a GS1 Digital Link URL (…/01/09506000134352); for an `isbn` value also an ISBN-10, converted
 * to its EAN-13.
 */
export function readGtin(value: unknown, { isIsbn = false } = {}): string | null {
  if (typeof value === 'number') return normalizeGtin(value);
  if (typeof value !== 'string' || value.length > 200) return null;
  const text = value.trim();
  const digitalLink = /\/01\/(\d{14})(?:[/?#]|$)/.exec(text);
  if (digitalLink !== null) return normalizeGtin(digitalLink[1]!);
  const direct = normalizeGtin(text);
  if (direct !== null) return direct;
  if (!isIsbn) return null;
  const isbn10 = /^(?:isbn(?:-?10)?\s*[:#]?\s*)?([\d\s-]{9,13}[\dXx])$/i.exec(text);
  if (isbn10 !== null) return isbn10ToGtin(isbn10[1]!.replace(/[\s-]/g, ''));
  return null;
}

function isbn10ToGtin(isbn: string): string | null {
  if (!/^\d{9}[\dXx]$/.test(isbn)) return null;
  let sum = 0;
  for (let index = 0; index < 10; index += 1) {
    const character = isbn[index]!;
    sum += (10 - index) * (character === 'X' || character === 'x' ? 10 : Number(character));
  }
  if (sum % 11 !== 0) return null;
  const body = `978${isbn.slice(0, 9)}`;
  return normalizeGtin(`${body}${gtinCheckDigit(body)}`);
}
