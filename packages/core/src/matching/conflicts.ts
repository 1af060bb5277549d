/**
 * Hard conflicts: differences that make two listings different products however alike their
 * titles read and whatever the matcher scores them (issue 19). A different screen, case or tyre
 * size, storage or battery capacity, pack quantity, model generation, edition or version, model
 * number or model of a line ("fenix 5S" vs "fenix 5S Plus"), colour, connector, hardware variant
 * (a mono or a stereo headset, wired or wireless), condition (used, refurbished, open box) or
 * region version. A shopper asking for "the same product" means this very one; a listing with
 * any of these is a close alternative, shown with its difference first.
 *
 * Every rule needs both listings to say something and to disagree: a title that is silent on a
 * size is not a different size. The only one-sided rules are condition (a listing that names no
 * condition is new), region (one that names no region is the shop's own version) and the model
 * of a line, read only where both titles write the model's number and one of them follows it
 * with a word ("Plus", "Super") that the other does not write anywhere.
 */
import { disjoint, modelNumberConflict, type PreparedSide } from './features.ts';
import { normalizeTitle, wordTable } from './normalize.ts';
import { withoutBrand } from './reason-text.ts';

export type ConflictKind =
  | 'size'
  | 'capacity'
  | 'quantity'
  | 'generation'
  | 'model'
  | 'colour'
  | 'connector'
  | 'condition'
  | 'region'
  | 'variant';

/** One hard difference, worded for a shopper ("Different size: 43-inch vs 85-inch"). */
export interface ProductConflict {
  kind: ConflictKind;
  /** The other listing's value first, then the pasted product's. */
  text: string;
}

/** A listing as the conflict rules read it. */
export interface ConflictListing {
  title: string;
  /** The shop's condition field ('new', 'used', 'refurbished'), when it says. */
  condition?: string | null;
  /** The matcher's view of the listing (`prepareSide`), for model numbers, colours, connectors. */
  side: PreparedSide;
}

/** What the rules read from one listing, worked out once per listing. */
export interface ConflictFacts {
  side: PreparedSide;
  /** `side` without the candidates that are measures or memory specs (`measureCandidate`). */
  modelSide: PreparedSide;
  sizes: Measure[];
  /** Two-number sizes without a unit: a tyre's "29 x 2.3", binoculars' "10 x 42". */
  dimensions: string[];
  capacities: Measure[];
  packs: number[];
  generations: Map<string, Set<string>>;
  /** Model numbers, each with the line's variant words right after it ("5s" → "plus"). */
  lineVariants: Map<string, string>;
  /** Every line variant word the title writes, anywhere ("professional" counts as "pro"). */
  variantWords: Set<string>;
  /** Audio channels and connection as the title words them ("duo", "wireless"). */
  channels: string[];
  connections: string[];
  /** The title's words as written, by their lower-case form ("iphone" → "iPhone"). */
  spellings: Map<string, string>;
  condition: ListingCondition;
  region: string | null;
}

interface Measure {
  /** Which kind of measure: values of different kinds are never compared. */
  unit: 'in' | 'mm' | 'cm' | 'gb' | 'mah' | 'qt' | 'l' | 'wh';
  /** In the unit's base (storage in GB, litres for l). */
  value: number;
  /** How a shopper reads it: "85-inch", "46 mm", "256 GB". */
  label: string;
}

export type ListingCondition = 'new' | 'used' | 'refurbished' | 'open box' | 'for parts';

// ---- size and capacity ----

/** Measures in a normalised title: `85in`, `46mm`, `256gb`, `1tb`, `10000mah`, `6qt`, `1.5l`. */
const MEASURE_PATTERN =
  /(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*-?\s*(in|mm|cm|tb|gb|mah|wh|qt|quarts?|l|liters?|litres?)(?![a-z0-9])(?!-\d)/g;

function formatNumber(value: number): string {
  return Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : String(Math.round(value * 100) / 100);
}

function measureOf(amount: number, unit: string): Measure {
  switch (unit) {
    case 'in':
      return { unit: 'in', value: amount, label: `${formatNumber(amount)}-inch` };
    case 'mm':
      return { unit: 'mm', value: amount, label: `${formatNumber(amount)} mm` };
    case 'cm':
      return { unit: 'cm', value: amount, label: `${formatNumber(amount)} cm` };
    case 'tb':
      return { unit: 'gb', value: amount * 1000, label: `${formatNumber(amount)} TB` };
    case 'gb':
      return { unit: 'gb', value: amount, label: `${formatNumber(amount)} GB` };
    case 'mah':
      return { unit: 'mah', value: amount, label: `${formatNumber(amount)} mAh` };
    case 'wh':
      return { unit: 'wh', value: amount, label: `${formatNumber(amount)} Wh` };
    case 'qt':
    case 'quart':
    case 'quarts':
      return { unit: 'qt', value: amount, label: `${formatNumber(amount)}-quart` };
    default:
      return { unit: 'l', value: amount, label: `${formatNumber(amount)} L` };
  }
}

function readMeasures(normalized: string): Measure[] {
  const measures: Measure[] = [];
  for (const match of allMatches(MEASURE_PATTERN, normalized)) {
    const amount = Number(match[1]);
    if (!(amount > 0)) continue;
    // "2 in 1" (normalised "2in 1") is a kind of device, not a 2-inch one.
    if (
      match[2] === 'in' &&
      /^[\s-]*1(?![\d.])/.test(normalized.slice(match.index + match[0].length))
    )
      continue;
    // Memory is not storage: "16GB RAM", "24GB unified memory", "8GB DDR4".
    const after = normalized.slice(
      match.index + match[0].length,
      match.index + match[0].length + 24,
    );
    if (
      match[2] === 'gb' &&
      /^\s*(?:of\s+)?(?:unified\s+)?(?:ram|memory|(?:lp)?ddr\d?|gddr\d?|vram)\b/.test(after)
    )
      continue;
    measures.push(measureOf(amount, match[2]!));
  }
  return measures;
}

/**
 * A memory figure next to the storage one (`8GB RAM`, `16GB (2x8GB)`, `8GB/256GB`) is not the
 * product's capacity: of storage figures only the largest counts, as the matcher's does.
 */
function capacitiesOf(measures: Measure[]): Measure[] {
  const byUnit = new Map<Measure['unit'], Measure>();
  for (const measure of measures) {
    if (!['gb', 'mah', 'wh', 'qt', 'l'].includes(measure.unit)) continue;
    const known = byUnit.get(measure.unit);
    if (!known || measure.value > known.value) byUnit.set(measure.unit, measure);
  }
  return [...byUnit.values()];
}

function sizesOf(measures: Measure[]): Measure[] {
  return measures.filter((measure) => ['in', 'mm', 'cm'].includes(measure.unit));
}

/**
 * Sizes written as two numbers with no unit, or an inch mark on one (`29 x 2.30`, `27.5" x 2.4`,
 * `10x42`), read as "29 x 2.3". A number with a unit after it (`2 x 8GB`) is a count of parts.
 */
const DIMENSION_PATTERN =
  /(?<![a-z0-9.])(\d{1,4}(?:\.\d{1,2})?)(?:in)?\s*x\s*(\d{1,4}(?:\.\d{1,2})?)(?:in\b)?(?![a-z0-9.])/g;

function dimensionsOf(normalized: string): string[] {
  const dimensions = allMatches(DIMENSION_PATTERN, normalized).map(
    (match) => `${Number(match[1])} x ${Number(match[2])}`,
  );
  return [...new Set(dimensions)];
}

const close = (a: number, b: number) => Math.abs(a - b) <= 0.02 * Math.max(a, b);

/**
 * Storage figures this far apart are not two capacities of one product: the smaller is memory
 * a title did not call RAM ("Laptop 16GB" beside "16GB RAM, 1TB SSD").
 */
const MAX_STORAGE_RATIO = 16;

/**
 * Both listings name measures of one unit and none of one side is close to one of the other;
 * the first such unit's values, other listing first.
 */
function measureConflict(offer: Measure[], pasted: Measure[]): [Measure[], Measure[]] | null {
  for (const unit of new Set(pasted.map((measure) => measure.unit))) {
    const mine = pasted.filter((measure) => measure.unit === unit);
    const theirs = offer.filter((measure) => measure.unit === unit);
    if (theirs.length === 0) continue;
    if (theirs.some((a) => mine.some((b) => close(a.value, b.value)))) continue;
    const ratio =
      Math.max(...theirs.map((m) => m.value), ...mine.map((m) => m.value)) /
      Math.min(...theirs.map((m) => m.value), ...mine.map((m) => m.value));
    if (unit === 'gb' && ratio > MAX_STORAGE_RATIO) continue;
    return [theirs, mine];
  }
  return null;
}

const labels = (measures: Measure[]) => [...new Set(measures.map((measure) => measure.label))];

// ---- pack quantity ----

const PACK_PATTERNS = [
  /(?<![a-z0-9.])(\d{1,4})\s*-?\s*(?:packs?|pk|pks|count|ct|pcs|pieces?|piece set)(?![a-z0-9])/g,
  /\b(?:pack|set|box|case) of (\d{1,4})(?![a-z0-9])/g,
];

/** Packs named by a word: "Single Pack", "Twin Pack", "Quad-Pack", "Two Pack". */
const PACK_WORDS = wordTable<number>({
  single: 1,
  one: 1,
  twin: 2,
  dual: 2,
  double: 2,
  two: 2,
  triple: 3,
  three: 3,
  quad: 4,
  four: 4,
  five: 5,
  six: 6,
  eight: 8,
  ten: 10,
  twelve: 12,
});

const PACK_WORD_PATTERN = new RegExp(
  String.raw`\b(${Object.keys(PACK_WORDS).join('|')})[\s-]?(?:packs?|pk)\b`,
  'g',
);

function packsOf(normalized: string): number[] {
  const packs = new Set<number>();
  if (/pack|pk/.test(normalized))
    for (const match of allMatches(PACK_WORD_PATTERN, normalized))
      packs.add(PACK_WORDS[match[1]!]!);
  for (const pattern of PACK_PATTERNS)
    for (const match of allMatches(pattern, normalized)) {
      const value = Number(match[1]);
      if (value > 0) packs.add(value);
    }
  return [...packs];
}

function packLabel(count: number): string {
  return count === 1 ? 'single' : `${formatNumber(count)}-pack`;
}

// ---- model generation ----

/** Words that name a generation themselves ("Series 10", "Gen 2", "Mark III"). */
const GENERATION_WORDS = wordTable<string>({
  series: 'Series',
  gen: 'Generation',
  generation: 'Generation',
  mark: 'Mark',
  mk: 'Mark',
  version: 'Version',
});

const ROMAN = wordTable<number>({ i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8 });

/**
 * Words a number after which does not name a product line's generation or model: quantities,
 * measures, ages, sizes of sets, words of a sentence.
 */
const NOT_A_LINE_WORD = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'up',
  'with',
  'x',
  'pack',
  'pk',
  'set',
  'box',
  'case',
  'count',
  'ct',
  'qty',
  'size',
  'sizes',
  'age',
  'ages',
  'grade',
  'level',
  'step',
  'stage',
  'day',
  'days',
  'hour',
  'hours',
  'hr',
  'hrs',
  'min',
  'mins',
  'minutes',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'yr',
  'cup',
  'cups',
  'piece',
  'pieces',
  'pcs',
  'port',
  'ports',
  'outlet',
  'outlets',
  'bay',
  'bays',
  'slot',
  'slots',
  'channel',
  'ch',
  'zone',
  'zones',
  'speed',
  'speeds',
  'tier',
  'no',
  'number',
  'plus',
  'over',
  'under',
  'only',
  'usb',
  'hdmi',
  'wifi',
  'bluetooth',
  'ddr',
  'pcie',
  'gps',
  'cellular',
  'ipx',
  'ip',
  'class',
  'inch',
  'inches',
  'quart',
  'quarts',
  'liter',
  'litre',
  'ounce',
  'ounces',
  'pound',
  'pounds',
  'feet',
  'foot',
  'lbs',
]);

/**
 * Words after which a decimal is a measure (a screen's 15.6, a drive's 2.5-inch form factor), not
 * a version ("mediapro 2.5", "photoshop elements 4.0").
 */
const DECIMAL_NOT_AFTER = new Set([
  'ssd',
  'hdd',
  'lcd',
  'led',
  'screen',
  'display',
  'monitor',
  'laptop',
  'notebook',
  'tablet',
]);

/** Words after a number that make it a measure or a count, not a model's number. */
const MEASURE_WORDS = new Set([
  'cu',
  'ghz',
  'mhz',
  'mp',
  'quart',
  'quarts',
  'qt',
  'liter',
  'liters',
  'litre',
  'litres',
  'l',
  'gallon',
  'gallons',
  'gal',
  'oz',
  'ounce',
  'ounces',
  'lb',
  'lbs',
  'pound',
  'pounds',
  'kg',
  'g',
  'inch',
  'inches',
  'in',
  'ft',
  'feet',
  'foot',
  'cm',
  'mm',
  'm',
  'pack',
  'packs',
  'pk',
  'count',
  'ct',
  'piece',
  'pieces',
  'pcs',
  'cup',
  'cups',
  'watt',
  'watts',
  'w',
  'volt',
  'volts',
  'v',
  'hour',
  'hours',
  'hr',
  'day',
  'days',
  'month',
  'months',
  'year',
  'years',
  'person',
  'people',
  'seat',
  'seater',
  'serving',
  'servings',
  'slice',
  'slices',
  'burner',
  'burners',
  'port',
  'ports',
  'speed',
  'speeds',
  'x',
]);

/** A software version as titles write it: "v 2.2", "v. 4.2", "v12 .1", "version 16", "ver. 3". */
const VERSION_PATTERN =
  /\bv(?:(?:ersion|er\.?|\.)\s?(\d{1,3}(?:\s?\.\d{1,2})?)|\s?(\d{1,3}\s?\.\d{1,2}))(?![\d.])/g;

const ORDINAL_GENERATION_PATTERN = /\b(\d{1,2})(?:st|nd|rd|th)[\s-]+gen(?:eration)?\b/g;
const ORDINAL_EDITION_PATTERN = /\b(\d{1,2})(?:st|nd|rd|th)[\s-]+ed(?:ition)?\b/g;
const YEAR_PATTERN = /\b(?:19[89]\d|20[0-3]\d)\b/g;

/**
 * Generations and model numbers named by a word and the numbers right after it: "series 10",
 * "iphone 15", "2nd gen" (as "generation 2"), "mark iii" (as "mark 3"), "8th edition" (as
 * "edition 8"), versions ("v. 4.2" as "version 4.2") and model years. Keyed by the word (`year`
 * for years); a line word keeps every number of its run ("iphone 15 14 13"), and a decimal one
 * as a version ("remote desktop 2.2").
 */
function generationsOf(normalized: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (word: string, value: string) => {
    const values = found.get(word) ?? new Set<string>();
    values.add(value);
    found.set(word, values);
  };
  for (const match of allMatches(ORDINAL_GENERATION_PATTERN, normalized))
    add('generation', String(Number(match[1])));
  for (const match of allMatches(ORDINAL_EDITION_PATTERN, normalized))
    add('edition', String(Number(match[1])));
  for (const match of allMatches(VERSION_PATTERN, normalized))
    add('version', String(Number((match[1] ?? match[2])!.replace(/\s/g, ''))));
  for (const match of allMatches(YEAR_PATTERN, normalized)) {
    // A year in a model number or a range ("2020-2024 compatible") is not the model's year.
    const before = normalized[match.index - 1] ?? ' ';
    const after = normalized[match.index + 4] ?? ' ';
    if (/[\s(,]/.test(before) && /[\s),]/.test(after)) add('year', match[0]);
  }
  // Words and numbers as written: "802-414-gry" and "13/14/15" stay whole (not a line's number),
  // and a foot mark makes a length ("6'" is 6 ft).
  const tokens = normalized
    .replace(/(\d)\s*'/g, '$1ft ')
    .split(/[\s,;:()[\]{}!?*|+&"]+/)
    .map((token) => token.replace(/^[-.]+|[-.]+$/g, ''))
    .filter((token) => token !== '');
  tokens.forEach((word, index) => {
    if (!/^[a-z]{2,}$/.test(word) || NOT_A_LINE_WORD.has(word)) return;
    const generationWord = word in GENERATION_WORDS;
    const key = word === 'gen' ? 'generation' : word === 'mk' ? 'mark' : word;
    for (let next = index + 1; next < tokens.length; next += 1) {
      const token = tokens[next]!;
      // A number followed by a unit is a measure ("cooker 8 quart", "sleeve 15 inch").
      if (MEASURE_WORDS.has(tokens[next + 1] ?? '')) break;
      const roman = generationWord && word !== 'series' ? ROMAN[token] : undefined;
      if (roman !== undefined) add(key, String(roman));
      else if (/^\d{1,3}$/.test(token)) add(key, String(Number(token)));
      else if (!DECIMAL_NOT_AFTER.has(word) && /^\d{1,3}\.\d{1,2}$/.test(token))
        add(key, String(Number(token)));
      else break;
    }
  });
  return found;
}

/**
 * "4" and "4.2" may name one version (a title rounds it); "4.1" and "4.2", or "2.2" and "3", do
 * not.
 */
function sameVersion(a: string, b: string): boolean {
  return (
    a === b ||
    (!a.includes('.') && b.startsWith(`${a}.`)) ||
    (!b.includes('.') && a.startsWith(`${b}.`))
  );
}

function generationLabel(word: string, values: Set<string>, facts: ConflictFacts): string {
  if (word === 'year') return [...values].join('/');
  if (word === 'generation') return `${[...values].map(ordinal).join('/')} generation`;
  if (word === 'edition') return `${[...values].map(ordinal).join('/')} edition`;
  const name = GENERATION_WORDS[word] ?? facts.spellings.get(word) ?? word;
  return `${name} ${[...values].join('/')}`;
}

function ordinal(value: string): string {
  const number = Number(value);
  const suffix =
    number % 100 >= 11 && number % 100 <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[number % 10] ?? 'th');
  return `${value}${suffix}`;
}

function spellingsOf(title: string): Map<string, string> {
  const spellings = new Map<string, string>();
  // In ASCII the letters and numbers are A-Z, a-z and 0-9 (a quicker pattern than Unicode's).
  const words = /[\u0080-\uffff]/.test(title)
    ? title.split(/[^\p{L}\p{N}]+/u)
    : title.split(/[^A-Za-z0-9]+/);
  for (const word of words) {
    if (word === '') continue;
    const lower = word.toLowerCase();
    if (!spellings.has(lower)) spellings.set(lower, word);
  }
  return spellings;
}

// ---- model number ----

/**
 * Whether a candidate the matcher read as a model number is one: letters and digits, not a pack
 * ("GPS-3-PACK"), a kind of device ("2-IN-1") or a list of models ("13/14/15").
 */
function isModelNumber(candidate: string): boolean {
  return (
    /[a-z]/i.test(candidate) &&
    /\d/.test(candidate) &&
    !/pack|pk\b|piece|pcs?\b|speed|minute|port|year|hour|quart|qt\b|inch|watt|cup|pin|gbps|dimm|uhs|core|sata|series|class|\din-?\d/i.test(
      candidate,
    )
  );
}

/**
 * One part of a candidate that names a measure or a memory specification rather than a product:
 * "700ML", "60TPI", "2X8GB", "29X2.30", "256BIT", "300MBPS", "29ER", "GDDR6", "DDR3L", "PC4",
 * "CL16", "2RX8", or a plain number beside one ("PC4-17000", "70-200MM"). Not a number with a
 * unit letter that models also end in ("3400G", "860K", "2960L").
 */
const MEASURE_PART =
  /^(?:\d+(?:\.\d+)?(?:ml|cl|ltr|mm|cm|m|tpi|bits?|mbps|mbs|mb|gb|tb|mhz|ghz|hz|w|v|mah|x|er|kg|oz|in|ft)?|\d+x\d+(?:\.\d+)?(?:gb|mm|cm|m|in)?|g?ddr\d[a-z]?|pc\d|cl\d\d?|\d?rx\d)$/;

/**
 * Whether a model-number candidate is a measure or a memory specification, not a product's
 * number: every part of it (split at dashes and slashes) is one (`MEASURE_PART`), and not every
 * part is a plain number. A cassette's range ("11-25T") counts too. One listing of a whisky
 * writes "70cl" where another writes "700ml", a tyre "60TPI" where another writes "29er": no
 * model numbers, so no different model numbers.
 */
function measureCandidate(candidate: string): boolean {
  const lower = candidate.toLowerCase();
  if (/^\d+-\d+t$/.test(lower)) return true;
  const parts = lower.split(/[-/]+/).filter((part) => part.length > 0);
  return (
    parts.length > 0 &&
    parts.every((part) => MEASURE_PART.test(part)) &&
    !parts.every((part) => /^\d+(?:\.\d+)?$/.test(part))
  );
}

/** The side as the model-number rule reads it: its candidates that are measures left out. */
function withoutMeasures(side: PreparedSide): PreparedSide {
  // `modelSeries` runs parallel to `models`' keys (features.ts), so both are filtered together.
  const kept = [...side.models].flatMap((entry, index) =>
    measureCandidate(entry[1]) ? [] : [{ entry, series: side.modelSeries[index]! }],
  );
  if (kept.length === side.models.size) return side;
  return {
    ...side,
    models: new Map(kept.map(({ entry }) => entry)),
    modelSeries: kept.map(({ series }) => series),
  };
}

/**
 * Two numbering schemes of one maker are not a conflict: Apple's part number (MYDL5LL/A) and its
 * model number (A3055) name the same phone.
 */
function isSameScheme(a: string, b: string): boolean {
  return /\/A$/i.test(a) === /\/A$/i.test(b);
}

// ---- model of a line ----

/**
 * Words right after a model's number that make another model of its line: "fenix 5S Plus",
 * "GTX 1660 Super", "GTX 1070 Ti", "ML140 Pro". Not "XL" (an ink cartridge's high yield, the same
 * cartridge to many shops), "SE", "FE" or "Professional", which shops add to a title or leave
 * out of it for one product.
 */
const LINE_VARIANT_WORDS = new Set(['plus', 'pro', 'max', 'mini', 'lite', 'ultra', 'super', 'ti']);

/** Unit suffixes: a number with one is a measure ("256gb pro"), not a model's number. */
const MEASURE_TOKEN =
  /^\d+(?:gb|tb|mb|mm|cm|in|hz|ghz|mhz|w|v|mah|mp|k|p|x|st|nd|rd|th|ft|m|g|kg|lb|oz|wh|l|qt)$/;

const MINI_NOT_A_MODEL = /^(?:itx|dtx|led|dp|displayport|hdmi|usb|jack|sd|pcie)$/;

/** Each model number of a title (a token with a digit) with the variant words right after it. */
function lineVariantsOf(normalized: string): Map<string, string> {
  const tokens = normalized
    // "Ultra-Lightweight", "Mini-LED" and "Super-Fast" are words of their own.
    .replace(/\b(plus|pro|max|mini|lite|ultra|super|ti)-(?=[a-z])/g, '$1')
    .split(/[^a-z0-9.]+/)
    .map((token) => token.replace(/^\.+|\.+$/g, ''))
    .filter((token) => token !== '');
  const found = new Map<string, string>();
  tokens.forEach((token, index) => {
    if (!/\d/.test(token) || found.has(token) || !/^[a-z0-9]{2,12}$/.test(token)) return;
    if (MEASURE_TOKEN.test(token) || /^(?:19|20)\d\d$/.test(token)) return;
    // A title that ends on the number may have been cut there ("… Case Fits Galaxy S22").
    if (index === tokens.length - 1) return;
    const words: string[] = [];
    for (let next = index + 1; next < tokens.length; next += 1) {
      const word = tokens[next]!;
      if (!LINE_VARIANT_WORDS.has(word)) break;
      // "Mini ITX" is a board's form factor, "Mini LED" a TV's backlight, "Mini DP" a connector.
      if (word === 'mini' && MINI_NOT_A_MODEL.test(tokens[next + 1] ?? '')) break;
      words.push(word);
    }
    found.set(token, words.sort().join(' '));
  });
  return found;
}

function variantWordsOf(words: readonly string[]): Set<string> {
  return new Set(
    words
      .map((word) => (word === 'professional' ? 'pro' : word))
      .filter((word) => LINE_VARIANT_WORDS.has(word)),
  );
}

/**
 * A model number both titles write, followed by other variant words ("5S Plus" vs "5S", "1660
 * Super" vs "1660"): the two models as the titles spell them, the other listing's first. A title
 * that writes the word elsewhere ("Pro Series … F3H982-10") is not silent on it, and a part
 * number both titles write ("77-94197", a case "for iPhone 15 Pro Max" and "for iPhone 15") says
 * they are one product.
 */
function lineVariantConflict(offer: ConflictFacts, pasted: ConflictFacts): [string, string] | null {
  // A part number, not a memory or a chip's name ("GDDR5", "DDR4") that both may mention.
  const sharedCodes = [...offer.side.models.keys()].filter(
    (code) => pasted.side.models.has(code) && code.length >= 6 && /\d{3}/.test(code),
  );
  for (const [token, words] of pasted.lineVariants) {
    const theirs = offer.lineVariants.get(token);
    if (theirs === undefined || theirs === words) continue;
    if (sharedCodes.some((code) => !code.includes(token))) continue;
    const silent = theirs === '' ? offer : words === '' ? pasted : null;
    const named = (theirs === '' ? words : theirs).split(' ');
    if (silent && named.some((word) => silent.variantWords.has(word))) continue;
    const label = (facts: ConflictFacts, variant: string) =>
      [token, ...(variant === '' ? [] : variant.split(' '))]
        .map((word) => facts.spellings.get(word) ?? word)
        .join(' ');
    return [label(offer, theirs), label(pasted, words)];
  }
  return null;
}

// ---- colour ----

/** Shades that shops name differently: "Midnight Blue" at one is "Navy" at another. */
const COLOUR_FAMILIES: Record<string, string> = {
  navy: 'blue',
  indigo: 'blue',
  sapphire: 'blue',
  grey: 'gray',
  charcoal: 'gray',
  graphite: 'gray',
  rose: 'pink',
  champagne: 'gold',
  platinum: 'silver',
  chrome: 'silver',
  ivory: 'beige',
  maroon: 'red',
  burgundy: 'red',
};

function colourFamily(colour: string): string {
  return COLOUR_FAMILIES[colour] ?? colour;
}

// ---- condition ----

/** What a title says about condition, most specific first. */
const CONDITION_MARKERS: readonly [ListingCondition, RegExp][] = [
  ['for parts', /\bfor parts\b|\bnot working\b/],
  ['open box', /(?<!\bno )\bopen[\s-]?box(?:ed)?\b/],
  ['refurbished', /\b(?:renewed|refurbished|refurb|reconditioned|remanufactured)\b/],
  ['used', /\bpre-?owned\b|\bused\b(?!\s+(?:by|for|with|in|on|to|as)\b)/],
];

function conditionOf(title: string, field: string | null | undefined): ListingCondition {
  const folded = normalizeTitle(title);
  for (const [condition, pattern] of CONDITION_MARKERS) if (pattern.test(folded)) return condition;
  if (field === 'used' || field === 'refurbished') return field;
  return 'new';
}

// ---- region ----

const REGION_NAMES: Record<string, string> = {
  uk: 'UK',
  eu: 'EU',
  euro: 'EU',
  european: 'EU',
  international: 'international',
  intl: 'international',
  global: 'international',
  asia: 'Asian',
  asian: 'Asian',
  japan: 'Japanese',
  japanese: 'Japanese',
  jp: 'Japanese',
  china: 'Chinese',
  chinese: 'Chinese',
  cn: 'Chinese',
  hk: 'Hong Kong',
  australia: 'Australian',
  australian: 'Australian',
  au: 'Australian',
  canada: 'Canadian',
  canadian: 'Canadian',
  india: 'Indian',
  indian: 'Indian',
  us: 'US',
  usa: 'US',
};

const REGION_PATTERN = new RegExp(
  String.raw`\b(${Object.keys(REGION_NAMES).join('|')})\s+(?:version|model|plug|edition|variant|spec|specs|import)\b|\bimported\b`,
);

/** The region version a title names ("UK version", "International Version"); null for none or US. */
function regionOf(title: string): string | null {
  const match = REGION_PATTERN.exec(normalizeTitle(title));
  if (!match) return null;
  const region = match[1] ? REGION_NAMES[match[1]]! : 'imported';
  return region === 'US' ? null : region;
}

// ---- hardware variant ----

/** A headset's or speaker's channels: one ear or two ("Duo" is Jabra's name for stereo). */
const CHANNEL_FAMILIES = wordTable<string>({
  mono: 'mono',
  monaural: 'mono',
  duo: 'stereo',
  stereo: 'stereo',
  binaural: 'stereo',
});

/** A device's connection: a cable or none. */
const CONNECTION_FAMILIES = wordTable<string>({
  wired: 'wired',
  corded: 'wired',
  wireless: 'wireless',
  cordless: 'wireless',
});

/** The words of a title that one of these tables knows, as written. */
function wordsIn(words: readonly string[], families: Record<string, string>): string[] {
  return [...new Set(words.filter((word) => word in families))];
}

/** Every word of the channel and connection tables: most titles have none. */
const FAMILY_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(CHANNEL_FAMILIES),
  ...Object.keys(CONNECTION_FAMILIES),
]);

/** Both titles name a family and share none ("Mono" vs "Duo"; "Wired/Wireless" shares one). */
function familyConflict(offer: string[], pasted: string[], families: Record<string, string>) {
  return disjoint(
    offer.map((word) => families[word]!),
    pasted.map((word) => families[word]!),
  );
}

// ---- the rules ----

/** Reads once what the rules compare; pass the result to `findConflicts` for every pair. */
export function conflictFacts(listing: ConflictListing): ConflictFacts {
  const normalized = normalizeTitle(listing.title);
  const measures = readMeasures(normalized);
  const words = normalized.split(/[^a-z0-9]+/);
  const familyWords = words.filter((word) => FAMILY_WORDS.has(word));
  return {
    side: listing.side,
    modelSide: withoutMeasures(listing.side),
    sizes: sizesOf(measures),
    dimensions: dimensionsOf(normalized),
    capacities: capacitiesOf(measures),
    packs: packsOf(normalized),
    generations: generationsOf(normalized),
    lineVariants: lineVariantsOf(normalized),
    variantWords: variantWordsOf(words),
    channels: wordsIn(familyWords, CHANNEL_FAMILIES),
    connections: wordsIn(familyWords, CONNECTION_FAMILIES),
    spellings: spellingsOf(listing.title),
    condition: conditionOf(listing.title, listing.condition),
    region: regionOf(listing.title),
  };
}

/**
 * The matches of a global pattern in a text, as `text.matchAll(pattern)` gives them, without
 * the copy of the pattern that matchAll makes for every title.
 */
function allMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    matches.push(match);
    if (match[0] === '') pattern.lastIndex += 1;
  }
  pattern.lastIndex = 0;
  return matches;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function versus(what: string, offer: readonly string[], pasted: readonly string[]): string {
  return `Different ${what}: ${offer.join('/')} vs ${pasted.join('/')}`;
}

/** Shoppers' names for connectors and colours ("usb-c" → "USB-C"). */
function connectorName(connector: string): string {
  return connector === 'usb-c'
    ? 'USB-C'
    : connector === 'micro-usb'
      ? 'Micro-USB'
      : capitalise(connector);
}

/**
 * The hard conflicts between another listing and the pasted product, most telling first (size,
 * capacity, quantity, generation, model, colour, connector, variant, condition, region); empty
 * when nothing says they differ. Each is worded with the other listing's value first: "Different
 * size: 43-inch vs 85-inch".
 */
export function findConflicts(offer: ConflictFacts, pasted: ConflictFacts): ProductConflict[] {
  const conflicts: ProductConflict[] = [];

  const sizes = measureConflict(offer.sizes, pasted.sizes);
  if (sizes)
    conflicts.push({ kind: 'size', text: versus('size', labels(sizes[0]), labels(sizes[1])) });

  if (!sizes && disjoint(offer.dimensions, pasted.dimensions))
    conflicts.push({ kind: 'size', text: versus('size', offer.dimensions, pasted.dimensions) });

  const capacity = measureConflict(offer.capacities, pasted.capacities);
  if (capacity) {
    const what = capacity[0][0]!.unit === 'gb' ? 'storage' : 'capacity';
    conflicts.push({
      kind: 'capacity',
      text: versus(what, labels(capacity[0]), labels(capacity[1])),
    });
  }

  if (disjoint(offer.packs, pasted.packs)) {
    conflicts.push({
      kind: 'quantity',
      text: versus('pack size', offer.packs.map(packLabel), pasted.packs.map(packLabel)),
    });
  }

  for (const [word, values] of pasted.generations) {
    const theirs = offer.generations.get(word);
    if (
      !theirs ||
      [...theirs].some((value) => [...values].some((mine) => sameVersion(value, mine)))
    )
      continue;
    const what =
      word === 'year'
        ? 'model year'
        : word === 'edition' || word === 'version'
          ? word
          : word in GENERATION_WORDS
            ? 'generation'
            : 'model';
    conflicts.push({
      kind: 'generation',
      text: versus(
        what,
        [generationLabel(word, theirs, offer)],
        [generationLabel(word, values, pasted)],
      ),
    });
    break;
  }

  const models = modelNumberConflict(offer.modelSide, pasted.modelSide);
  if (models && models.every(isModelNumber) && isSameScheme(models[0], models[1]))
    conflicts.push({
      kind: 'model',
      text: versus(
        'model number',
        [withoutBrand(models[0], offer.side.brand)],
        [withoutBrand(models[1], pasted.side.brand)],
      ),
    });

  // One model difference is enough to name: the model numbers' when the titles have them.
  const line = conflicts.some((conflict) => conflict.kind === 'model')
    ? null
    : lineVariantConflict(offer, pasted);
  if (line) conflicts.push({ kind: 'model', text: versus('model', [line[0]], [line[1]]) });

  if (
    disjoint(offer.side.colours, pasted.side.colours) &&
    disjoint(offer.side.colours.map(colourFamily), pasted.side.colours.map(colourFamily))
  ) {
    conflicts.push({
      kind: 'colour',
      text: versus(
        'color',
        offer.side.colours.map(capitalise),
        pasted.side.colours.map(capitalise),
      ),
    });
  }

  if (disjoint(offer.side.connectors, pasted.side.connectors)) {
    conflicts.push({
      kind: 'connector',
      text: versus(
        'connector',
        offer.side.connectors.map(connectorName),
        pasted.side.connectors.map(connectorName),
      ),
    });
  }

  const spelled = (facts: ConflictFacts, words: string[]) =>
    words.map((word) => capitalise(facts.spellings.get(word) ?? word));
  if (familyConflict(offer.channels, pasted.channels, CHANNEL_FAMILIES))
    conflicts.push({
      kind: 'variant',
      text: versus('version', spelled(offer, offer.channels), spelled(pasted, pasted.channels)),
    });
  if (familyConflict(offer.connections, pasted.connections, CONNECTION_FAMILIES))
    conflicts.push({
      kind: 'variant',
      text: versus(
        'connection',
        spelled(offer, offer.connections),
        spelled(pasted, pasted.connections),
      ),
    });

  if (offer.condition !== pasted.condition) {
    conflicts.push({
      kind: 'condition',
      text: `${capitalise(offer.condition)}, not ${pasted.condition}`,
    });
  }

  if (offer.region !== pasted.region) {
    conflicts.push({
      kind: 'region',
      text: `${capitalise(offer.region ?? 'US')} version, not ${pasted.region ?? 'US'} version`,
    });
  }

  return conflicts;
}
