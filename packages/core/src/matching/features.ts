/**
 * Features of a product pair for the matcher, with human reasons. Every feature is a number in
 * [0, 1]; the learned model (score.ts) combines them.
 */
import {
  compactModel,
  detectBrand,
  editDistance,
  extractAttributes,
  extractColours,
  extractConnectors,
  extractModelCandidates,
  extractVariantMarkers,
  normalizeTitle,
  tokenize,
  tokensOf,
  type NumericAttribute,
  type VariantMarkers,
} from './normalize.ts';

/** One side of a pair, as a retailer listing gives it. */
export interface ProductSide {
  title: string;
  brand?: string | null;
  model?: string | null;
  category?: string | null;
  description?: string | null;
  price?: number | null;
  currency?: string | null;
}

/**
 * Document frequencies of common tokens: the shipped model's from its train splits; the
 * comparison's from the catalog it searches (`idfFromTitles`). Read as it is when first used
 * (the matcher keeps what it works out from it): not changed after.
 */
export interface IdfTable {
  documents: number;
  df: Record<string, number>;
}

/** Title tokens seen in fewer listings than this are left out of an IDF table (rarest weight). */
export const IDF_MIN_DF = 8;

/**
 * Document frequencies of title tokens over some listings' titles, such as a catalog's offers;
 * only tokens in `minDf` listings or more (others weigh as the rarest). Unlabelled: nothing but
 * the titles is read.
 */
export function idfFromTitles(titles: Iterable<string>, minDf = IDF_MIN_DF): IdfTable {
  const counts = new Map<string, number>();
  let documents = 0;
  for (const title of titles) {
    documents += 1;
    for (const token of new Set(tokenize(title))) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  const df: Record<string, number> = {};
  for (const [token, count] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
    if (count >= minDf) df[token] = count;
  return { documents, df };
}

/** A side with everything the features need, computed once. */
export interface PreparedSide {
  titleTokens: Set<string>;
  /** The title's tokens first, in the same order, then the description's. */
  fullTokens: Set<string>;
  /** Character 3-grams of the title, each as a number (`gramsOf`), each once. */
  grams: Uint16Array;
  /** The same of the title with every separator removed (`image manager` ~ `imagemanager`). */
  compactGrams: Uint16Array;
  /** The title's tokens joined without separators. */
  compactTitle: string;
  models: Map<string, string>;
  /** Each of `models`' keys' leading letters and its digits, in the same order. */
  modelSeries: readonly ModelSeries[];
  compactFull: string;
  attributes: NumericAttribute[];
  numbers: Set<string>;
  markers: VariantMarkers;
  colours: string[];
  connectors: string[];
  brand: string | null;
  price: number | null;
  currency: string | null;
}

const NOISE_TOKENS = new Set([
  'null',
  'the',
  'and',
  'for',
  'with',
  'of',
  'a',
  'an',
  'to',
  'in',
  'by',
]);

/**
 * The distinct character 3-grams of a normalised text, each as one number, base 37 (space 0,
 * `a`–`z` 1–26, `0`–`9` 27–36, so under 37³ = 50,653), in the order they first appear.
 * `separated`: the grams of its runs of `a`–`z` and `0`–`9` parted by one space, with a space
 * before and after (` ${text.replace(/[^a-z0-9]+/g, ' ').trim()} `); otherwise of those runs
 * written together (`text.replace(/[^a-z0-9]+/g, '')`). Read from the text as it goes, without
 * those strings; a typed array is built without a hash set's garbage, and two are intersected by
 * marking one's codes in a table of every code (`sharedGrams`).
 */
function gramsOf(text: string, separated: boolean): Uint16Array {
  if (gramSymbols.length < text.length + 2) gramSymbols = new Uint8Array(text.length * 2 + 2);
  const symbols = gramSymbols;
  let length = 0;
  if (separated) symbols[length++] = 0;
  let gap = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const symbol =
      code >= 97 && code <= 122 ? code - 96 : code >= 48 && code <= 57 ? code - 21 : -1;
    if (symbol < 0) {
      gap = true;
      continue;
    }
    if (gap && separated && length > 1) symbols[length++] = 0;
    gap = false;
    symbols[length++] = symbol;
  }
  if (separated) symbols[length++] = 0;
  const count = length - 2;
  if (count <= 0) return new Uint16Array(0);
  if (gramScratch.length < count) gramScratch = new Uint16Array(count * 2);
  const mark = nextGramMark();
  let size = 0;
  for (let index = 0; index < count; index += 1) {
    const code = (symbols[index]! * 37 + symbols[index + 1]!) * 37 + symbols[index + 2]!;
    if (gramMarks[code] !== mark) {
      gramMarks[code] = mark;
      gramScratch[size++] = code;
    }
  }
  return gramScratch.slice(0, size);
}

/** How many 3-grams two `gramsOf` arrays share. */
function sharedGrams(a: Uint16Array, b: Uint16Array): number {
  const mark = nextGramMark();
  for (let index = 0; index < a.length; index += 1) gramMarks[a[index]!] = mark;
  let shared = 0;
  for (let index = 0; index < b.length; index += 1) if (gramMarks[b[index]!] === mark) shared += 1;
  return shared;
}

/** One slot per 3-gram code: the mark of the last text or array that had it. */
const gramMarks = new Uint32Array(37 * 37 * 37);
let gramMark = 0;
let gramScratch = new Uint16Array(256);
let gramSymbols = new Uint8Array(256);

function nextGramMark(): number {
  if (gramMark === 0xffffffff) {
    gramMarks.fill(0);
    gramMark = 0;
  }
  gramMark += 1;
  return gramMark;
}

/** At most this many model-number candidates per side are compared. */
const MAX_MODELS = 12;

export function prepareSide(side: ProductSide): PreparedSide {
  const title = side.title ?? '';
  const description = side.description ?? '';
  // Everything read from the title comes first, the model field and the description last:
  // normalize.ts remembers the text it folded, normalised and tokenised last, so the title is
  // folded and normalised once rather than again after its description.
  const allTokens = tokensOf(title);
  const compactTitleText = compactModel(title);
  const titleList = allTokens.filter((token) => !NOISE_TOKENS.has(token));
  const titleTokens = new Set(titleList);
  const compactTitle = titleList.join('');
  const candidates = extractModelCandidates(title);
  const markers = extractVariantMarkers(title, allTokens);
  const grams = gramsOf(normalizeTitle(title), true);
  const compactGrams = gramsOf(compactTitle, false);
  const attributes = extractAttributes(title);
  const colours = extractColours(title);
  const connectors = extractConnectors(title);
  const brand = detectBrand(title, side.brand);
  const models = new Map<string, string>();
  const modelKey = side.model ? compactModel(side.model) : '';
  if (side.model && modelKey.length >= 3) models.set(modelKey, side.model.trim().toUpperCase());
  for (const { key, raw } of candidates)
    if (!models.has(key) && models.size < MAX_MODELS) models.set(key, raw);
  // Without a description the full text's tokens are the title's (the same set: neither changes).
  const fullTokens = description ? new Set(titleTokens) : titleTokens;
  if (description)
    for (const token of tokensOf(description)) if (!NOISE_TOKENS.has(token)) fullTokens.add(token);
  const price =
    typeof side.price === 'number' && Number.isFinite(side.price) && side.price > 0
      ? side.price
      : null;
  return {
    titleTokens,
    fullTokens,
    grams,
    compactGrams,
    compactTitle,
    models,
    modelSeries: [...models.keys()].map(seriesOf),
    // compactModel(`${title} ${model} ${description}`): folding goes character by character
    // (accents, case) and a space parts the texts, so it is the three compacted one by one.
    compactFull: compactTitleText + modelKey + (description ? compactModel(description) : ''),
    attributes,
    numbers: new Set(markers.numbers),
    markers,
    colours,
    connectors,
    brand,
    price,
    currency: side.currency ? side.currency.trim().toUpperCase() : null,
  };
}

export const FEATURE_NAMES = [
  'weightedJaccard',
  'weightedContainment',
  'jaccard',
  'trigramJaccard',
  'fullTextContainment',
  'tfidfCosine',
  'compactGramContainment',
  'compactGramJaccard',
  'softContainmentMax',
  'softContainmentMin',
  'unmatchedRareMax',
  'unmatchedRareMin',
  'unmatchedWeightMax',
  'lengthRatio',
  'shortLength',
  'modelExact',
  'modelPartial',
  'modelConflict',
  'modelOneSided',
  'modelSimilarity',
  'modelPrefix',
  'modelDigitsSame',
  'modelInOtherText',
  'modelSeriesConflict',
  'attributeAgree',
  'attributeConflict',
  'storageConflict',
  'numberConflict',
  'numberMismatch',
  'numbersUnshared',
  'brandSame',
  'brandConflict',
  'colourConflict',
  'platformConflict',
  'platformOneSided',
  'editionConflict',
  'editionOneSided',
  'licenceMismatch',
  'yearConflict',
  'quantityConflict',
  'quantityOneSided',
  'priceBoth',
  'priceLogRatio',
  'rareWordOneSided',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

/** A table's weight of a word, and whether the table holds the word. */
interface IdfLookup {
  weight: (token: string) => number;
  has: (token: string) => boolean;
}

/**
 * The table's words weighed once, into a Map: a look-up of a title's word among thousands of an
 * object's keys, and a logarithm, cost more than a Map's look-up. Only the table's own words
 * count, so a word such as `constructor` weighs as one in no listing rather than as what a
 * plain object answers for it through its prototype (a weight of NaN).
 */
function makeIdf(table: IdfTable): IdfLookup {
  const max = Math.log(table.documents + 1);
  const known = new Map<string, number>();
  for (const [token, df] of Object.entries(table.df))
    known.set(token, Math.log((table.documents + 1) / (df + 1)) / max);
  const unknown = Math.log(table.documents + 1) / max;
  return {
    weight: (token) => known.get(token) ?? unknown,
    has: (token) => known.has(token),
  };
}

const idfCache = new WeakMap<IdfTable, IdfLookup>();

/**
 * The IDF from which a word of the table is in its rarest tenth. Only words of the table count
 * as rare here: one in fewer listings (a typo, a shop's code) says nothing about the catalog.
 */
function rareIdfFloor(table: IdfTable, idf: (token: string) => number): number {
  let floor = rareFloorCache.get(table);
  if (floor === undefined) {
    const values = Object.keys(table.df)
      .map(idf)
      .sort((a, b) => a - b);
    floor = values.length > 0 ? values[Math.floor(0.9 * (values.length - 1))]! : 1;
    rareFloorCache.set(table, floor);
  }
  return floor;
}

const rareFloorCache = new WeakMap<IdfTable, number>();

/**
 * A short word (2 to 6 letters, no digit) in one title only, not written inside the other nor
 * an abbreviation either way, that the catalog knows (in its IDF table) and holds rare (its
 * rarest tenth by IDF): a variant such as `mono` vs `duo`, `pro` vs `lite`.
 */
export function rareWordOneSided(a: PreparedSide, b: PreparedSide, table: IdfTable): boolean {
  const idf = idfOf(table);
  return (
    rareWordIn(a, weightsOf(a, table, idf, 0), b) || rareWordIn(b, weightsOf(b, table, idf, 1), a)
  );
}

/** `rareWordOneSided` one way: a word of `side`'s title (weighed `weights`) that `other` lacks. */
function rareWordIn(side: PreparedSide, weights: SideWeights, other: PreparedSide): boolean {
  let index = -1;
  for (const token of side.titleTokens) {
    index += 1;
    // A short word (2 to 6 letters) of the table, in its rarest tenth (`weightsOf`).
    if (weights.rare[index] !== 1) continue;
    if (other.titleTokens.has(token) || (token.length >= 4 && other.compactTitle.includes(token)))
      continue;
    let related = false;
    for (const word of other.titleTokens)
      if (
        word.length >= 3 &&
        token.length >= 3 &&
        (word.startsWith(token) || token.startsWith(word))
      ) {
        related = true;
        break;
      }
    if (!related) return true;
  }
  return false;
}

function idfOf(table: IdfTable): IdfLookup {
  let idf = idfCache.get(table);
  if (!idf) {
    idf = makeIdf(table);
    idfCache.set(table, idf);
  }
  return idf;
}

/**
 * A side's tokens weighed by one IDF table: the title's and the full text's (in the sets'
 * order), and their sums, added in that order as the features add them.
 */
interface SideWeights {
  side: PreparedSide;
  table: IdfTable;
  title: Float64Array;
  full: Float64Array;
  /** Sum of the title's weights, and of their squares. */
  titleSum: number;
  titleSquares: number;
  fullSum: number;
  /** By title token: 1 for a word of three letters or more (one that may abbreviate another). */
  word: Uint8Array;
  /** By title token: 1 for a short word the table holds rare (`rareWordOneSided`). */
  rare: Uint8Array;
  /** Each full-text token's position, made when first needed (`fullPositions`). */
  positions: Map<string, number> | null;
}

function fullPositions(weights: SideWeights): Map<string, number> {
  if (!weights.positions) {
    weights.positions = new Map();
    let position = 0;
    for (const token of weights.side.fullTokens) weights.positions.set(token, position++);
  }
  return weights.positions;
}

/**
 * The weights last worked out for each of a pair's two places (`slot` 0 for the first side, 1
 * for the second): a comparison scores one pasted product against each candidate in turn, so
 * the pasted product's are worked out once per comparison instead of three times per candidate.
 */
const lastWeights: (SideWeights | null)[] = [null, null];

function weightsOf(
  side: PreparedSide,
  table: IdfTable,
  lookup: IdfLookup,
  slot: 0 | 1,
): SideWeights {
  for (const known of lastWeights)
    if (known && known.side === side && known.table === table) return known;
  const title = new Float64Array(side.titleTokens.size);
  const word = new Uint8Array(side.titleTokens.size);
  const rare = new Uint8Array(side.titleTokens.size);
  const idf = lookup.weight;
  const floor = rareIdfFloor(table, idf);
  let titleSum = 0;
  let titleSquares = 0;
  let index = 0;
  for (const token of side.titleTokens) {
    const weight = idf(token);
    title[index] = weight;
    titleSum += weight;
    titleSquares += weight * weight;
    if (token.length >= 2 && /^[a-z]+$/.test(token)) {
      if (token.length >= 3) word[index] = 1;
      if (token.length <= 6 && lookup.has(token) && !(weight < floor)) rare[index] = 1;
    }
    index += 1;
  }
  // The full text's tokens start with the title's, in the same order (prepareSide).
  const full = new Float64Array(side.fullTokens.size);
  let fullSum = 0;
  index = 0;
  for (const token of side.fullTokens) {
    const weight = index < title.length ? title[index]! : idf(token);
    full[index++] = weight;
    fullSum += weight;
  }
  const weights: SideWeights = {
    side,
    table,
    title,
    full,
    titleSum,
    titleSquares,
    fullSum,
    word,
    rare,
    positions: null,
  };
  lastWeights[slot] = weights;
  return weights;
}

function sharedCount<T>(a: Set<T>, b: Set<T>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared;
}

function describeModel(raw: string): string {
  return raw.toUpperCase();
}

interface ModelRelation {
  exact: string | null;
  partial: string | null;
  conflict: [string, string] | null;
  oneSided: boolean;
  /** Best 1 - edit distance / length over the pairs of candidates. */
  similarity: number;
  /** Common prefix of that best pair over its longer length. */
  prefix: number;
  /** The best pair has the same digits (a colour or region suffix differs). */
  digitsSame: boolean;
  /** Share of either side's long candidates written somewhere in the other's text. */
  inOtherText: number;
  /**
   * Two candidates of the same series (same leading letters) with different digits, such as
   * `KX-TG9372` and `KX-TG9391`: the same product line, another model.
   */
  seriesConflict: boolean;
}

interface ModelSeries {
  letters: string;
  digits: string;
}

function seriesOf(key: string): ModelSeries {
  return { letters: /^[a-z]*/.exec(key)![0], digits: digitsOf(key) };
}

function digitsOf(key: string): string {
  return key.replace(/[^0-9]/g, '');
}

function commonPrefix(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  return index;
}

function modelRelation(a: PreparedSide, b: PreparedSide): ModelRelation {
  let similarity = 0;
  let prefix = 0;
  let digitsSame = false;
  let compared = false;
  let seriesConflict = false;
  let indexA = -1;
  for (const keyA of a.models.keys()) {
    indexA += 1;
    const seriesA = a.modelSeries[indexA]!;
    let indexB = -1;
    for (const keyB of b.models.keys()) {
      indexB += 1;
      const seriesB = b.modelSeries[indexB]!;
      if (
        seriesA.letters.length >= 2 &&
        seriesA.letters === seriesB.letters &&
        seriesA.digits.length >= 2 &&
        seriesB.digits.length >= 2 &&
        !seriesA.digits.startsWith(seriesB.digits) &&
        !seriesB.digits.startsWith(seriesA.digits) &&
        !a.models.has(keyB) &&
        !b.models.has(keyA)
      )
        seriesConflict = true;
      const longest = Math.max(keyA.length, keyB.length);
      const value = 1 - editDistance(keyA, keyB) / longest;
      // Ties are resolved by maxima so that the result does not depend on the order of sides.
      const pairPrefix = commonPrefix(keyA, keyB) / longest;
      const pairDigitsSame = seriesA.digits.length >= 3 && seriesA.digits === seriesB.digits;
      if (!compared || value > similarity) {
        similarity = value;
        prefix = pairPrefix;
        digitsSame = pairDigitsSame;
      } else if (value === similarity) {
        prefix = Math.max(prefix, pairPrefix);
        digitsSame ||= pairDigitsSame;
      }
      compared = true;
    }
  }
  similarity = Math.max(0, similarity);
  let found = 0;
  let long = 0;
  // Which long keys of each side the other's text writes (read once here, again by the agreement).
  const aInB = new Uint8Array(a.models.size);
  const bInA = new Uint8Array(b.models.size);
  for (const [side, other, written] of [
    [a, b, aInB],
    [b, a, bInA],
  ] as const) {
    let index = -1;
    for (const key of side.models.keys()) {
      index += 1;
      if (key.length < 5) continue;
      long += 1;
      if (other.compactFull.includes(key)) {
        found += 1;
        written[index] = 1;
      }
    }
  }
  const inOtherText = long > 0 ? found / long : 0;
  return {
    similarity,
    prefix,
    digitsSame,
    inOtherText,
    seriesConflict,
    ...modelAgreement(a, b, aInB, bInA),
  };
}

/** How two sides' model numbers agree: one the same, one related, none, or only one side's. */
function modelAgreement(
  a: PreparedSide,
  b: PreparedSide,
  aInB?: Uint8Array,
  bInA?: Uint8Array,
): Pick<ModelRelation, 'exact' | 'partial' | 'conflict' | 'oneSided'> {
  for (const [key, raw] of a.models)
    if (b.models.has(key)) return { exact: raw, partial: null, conflict: null, oneSided: false };
  for (const [keyA, rawA] of a.models) {
    for (const keyB of b.models.keys()) {
      const [short, long] = keyA.length <= keyB.length ? [keyA, keyB] : [keyB, keyA];
      if (short.length >= 4 && long.startsWith(short) && long.length - short.length <= 3)
        return { exact: null, partial: rawA, conflict: null, oneSided: false };
    }
  }
  let index = -1;
  for (const [key, raw] of a.models) {
    index += 1;
    if (key.length >= 5 && (aInB ? aInB[index] === 1 : b.compactFull.includes(key)))
      return { exact: null, partial: raw, conflict: null, oneSided: false };
  }
  index = -1;
  for (const [key, raw] of b.models) {
    index += 1;
    if (key.length >= 5 && (bInA ? bInA[index] === 1 : a.compactFull.includes(key)))
      return { exact: null, partial: raw, conflict: null, oneSided: false };
  }
  if (a.models.size > 0 && b.models.size > 0) {
    const longest = (side: PreparedSide): string =>
      [...side.models.values()].sort((x, y) => y.length - x.length)[0] ?? '';
    return { exact: null, partial: null, conflict: [longest(a), longest(b)], oneSided: false };
  }
  return {
    exact: null,
    partial: null,
    conflict: null,
    oneSided: a.models.size + b.models.size > 0,
  };
}

/**
 * The two sides' model numbers when both name some and none agree (not equal, not one
 * extending the other, not written in the other's text); null otherwise. Only the agreement of
 * `modelRelation`: the conflict rules need none of its edit distances.
 */
export function modelNumberConflict(a: PreparedSide, b: PreparedSide): [string, string] | null {
  const conflict = modelAgreement(a, b).conflict;
  return conflict && [describeModel(conflict[0]), describeModel(conflict[1])];
}

const FAMILY_LABEL: Record<string, string> = {
  storage: 'storage',
  size: 'size',
  wattage: 'wattage',
  frequency: 'frequency',
  resolution: 'resolution',
  battery: 'battery',
  speed: 'speed',
  voltage: 'voltage',
  zoom: 'zoom',
};

export interface FeatureResult {
  values: number[];
  reasons: string[];
}

/** Both sides name some of a kind (platforms, editions, ...) and none in common. */
export function disjoint<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length > 0 && b.length > 0 && !a.some((item) => b.includes(item));
}

/**
 * A conflict as reasons name it ("different colour: black vs blue/white"). The comparison adds
 * the variant rule's reason unless the matcher gave the same one, so both must word it here.
 */
export function differenceReason(
  what: string,
  left: readonly (string | number)[],
  right: readonly (string | number)[],
  separator = '/',
): string {
  return `different ${what}: ${left.join(separator)} vs ${right.join(separator)}`;
}

/** The values one side names and the other does not, both ways. */
function oneSided<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...a.filter((item) => !b.includes(item)), ...b.filter((item) => !a.includes(item))];
}

/**
 * Share (weighted by rarity) of `a`'s title tokens found in `b`'s title exactly, written inside
 * it without spaces (`image manager` in `imagemanager`), or as an abbreviation of one of its
 * words (`prof` for `professional`, `upg` for `upgrade`).
 */
function softContainment(
  a: PreparedSide,
  weights: SideWeights,
  inB: Uint8Array,
  b: PreparedSide,
): number {
  let found = 0;
  const total = weights.titleSum;
  let index = -1;
  for (const token of a.titleTokens) {
    index += 1;
    const weight = weights.title[index]!;
    if (inB[index] === 1) found += weight;
    else if (token.length >= 4 && b.compactTitle.includes(token)) found += weight;
    else if (weights.word[index] === 1) {
      for (const other of b.titleTokens)
        if (other.length > token.length && other.startsWith(token)) {
          found += weight * 0.8;
          break;
        }
    }
  }
  return total > 0 ? found / total : 0;
}

/** The feature vector of a pair (order of FEATURE_NAMES) and the reasons behind it. */
export function computeFeatures(a: PreparedSide, b: PreparedSide, table: IdfTable): FeatureResult {
  const idf = idfOf(table);
  const weightsA = weightsOf(a, table, idf, 0);
  const weightsB = weightsOf(b, table, idf, 1);
  const reasons: string[] = [];

  // Token overlap, weighted by rarity.
  let sharedWeight = 0;
  let sharedSquare = 0;
  let sharedTokens = 0;
  const weightA = weightsA.titleSum;
  const weightB = weightsB.titleSum;
  const squareA = weightsA.titleSquares;
  const squareB = weightsB.titleSquares;
  let unmatchedA = 0;
  let unmatchedB = 0;
  let rareA = 0;
  let rareB = 0;
  // Which title tokens the other title has, by position.
  const inB = new Uint8Array(a.titleTokens.size);
  const inA = new Uint8Array(b.titleTokens.size);
  let index = -1;
  for (const token of a.titleTokens) {
    index += 1;
    const weight = weightsA.title[index]!;
    if (b.titleTokens.has(token)) {
      inB[index] = 1;
      sharedTokens += 1;
      sharedWeight += weight;
      sharedSquare += weight * weight;
    } else {
      unmatchedA += weight;
      rareA = Math.max(rareA, weight);
    }
  }
  index = -1;
  for (const token of b.titleTokens) {
    index += 1;
    if (!a.titleTokens.has(token)) {
      const weight = weightsB.title[index]!;
      unmatchedB += weight;
      rareB = Math.max(rareB, weight);
    } else inA[index] = 1;
  }
  const union = weightA + weightB - sharedWeight;
  const weightedJaccard = union > 0 ? sharedWeight / union : 0;
  const minWeight = Math.min(weightA, weightB);
  const weightedContainment = minWeight > 0 ? sharedWeight / minWeight : 0;
  const tfidfCosine = squareA > 0 && squareB > 0 ? sharedSquare / Math.sqrt(squareA * squareB) : 0;
  const jaccard =
    a.titleTokens.size === 0 || b.titleTokens.size === 0
      ? 0
      : sharedTokens / (a.titleTokens.size + b.titleTokens.size - sharedTokens);
  const sharedTrigrams = sharedGrams(a.grams, b.grams);
  const trigramJaccard =
    a.grams.length === 0 || b.grams.length === 0
      ? 0
      : sharedTrigrams / (a.grams.length + b.grams.length - sharedTrigrams);
  // Symmetric by construction: the score must not depend on which side is which.
  const unmatchedRareMax = Math.max(rareA, rareB);
  const unmatchedRareMin = Math.min(rareA, rareB);
  const unmatchedWeightMax = Math.max(
    weightA > 0 ? unmatchedA / weightA : 0,
    weightB > 0 ? unmatchedB / weightB : 0,
  );
  const shortSize = Math.min(a.titleTokens.size, b.titleTokens.size);
  const longSize = Math.max(a.titleTokens.size, b.titleTokens.size);
  const lengthRatio = longSize > 0 ? shortSize / longSize : 0;
  const shortLength = Math.min(1, shortSize / 30);

  const compactShared = sharedGrams(a.compactGrams, b.compactGrams);
  const compactMin = Math.min(a.compactGrams.length, b.compactGrams.length);
  const compactGramContainment = compactMin > 0 ? compactShared / compactMin : 0;
  const compactUnion = a.compactGrams.length + b.compactGrams.length - compactShared;
  const compactGramJaccard = compactUnion > 0 ? compactShared / compactUnion : 0;

  const softA = softContainment(a, weightsA, inB, b);
  const softB = softContainment(b, weightsB, inA, a);

  let fullShared = 0;
  const fullA = weightsA.fullSum;
  const fullB = weightsB.fullSum;
  if (a.fullTokens.size <= b.fullTokens.size) {
    index = -1;
    for (const token of a.fullTokens) {
      index += 1;
      if (b.fullTokens.has(token)) fullShared += weightsA.full[index]!;
    }
  } else {
    // A long description on the first side: look its tokens up from the second's, then add
    // their weights in the first side's order, as above.
    const positions = fullPositions(weightsA);
    const shared = new Uint8Array(a.fullTokens.size);
    for (const token of b.fullTokens) {
      const position = positions.get(token);
      if (position !== undefined) shared[position] = 1;
    }
    for (let position = 0; position < shared.length; position += 1)
      if (shared[position] === 1) fullShared += weightsA.full[position]!;
  }
  const fullMin = Math.min(fullA, fullB);
  const fullTextContainment = fullMin > 0 ? Math.min(1, fullShared / fullMin) : 0;

  const models = modelRelation(a, b);
  if (models.exact) reasons.push(`same model number ${describeModel(models.exact)}`);
  else if (models.partial) reasons.push(`related model number ${describeModel(models.partial)}`);
  else if (models.conflict)
    reasons.push(
      differenceReason(
        'model numbers',
        [describeModel(models.conflict[0])],
        [describeModel(models.conflict[1])],
      ),
    );

  let attributeAgree = 0;
  let attributeConflict = 0;
  let storageConflict = 0;
  const families = new Set(a.attributes.map((attribute) => attribute.family));
  for (const family of families) {
    const left = a.attributes.filter((attribute) => attribute.family === family);
    const right = b.attributes.filter((attribute) => attribute.family === family);
    if (right.length === 0) continue;
    // The largest value of a kind is the product's own (`32GB (2x16GB)` is a 32GB kit).
    const largest = (list: NumericAttribute[]): NumericAttribute =>
      list.reduce((best, item) => (item.value > best.value ? item : best));
    const x = largest(left);
    const y = largest(right);
    if (Math.abs(x.value - y.value) <= 0.02 * Math.max(x.value, y.value)) {
      attributeAgree += 1;
      reasons.push(`same ${FAMILY_LABEL[family] ?? family} ${x.text}`);
    } else {
      attributeConflict += 1;
      if (family === 'storage') storageConflict = 1;
      reasons.push(differenceReason(FAMILY_LABEL[family] ?? family, [x.text], [y.text]));
    }
  }

  let numberConflict = 0;
  let numberMismatch = 0;
  let numbersUnshared = 0;
  if (a.numbers.size > 0 && b.numbers.size > 0) {
    const sharedNumbers = sharedCount(a.numbers, b.numbers);
    const numberUnion = a.numbers.size + b.numbers.size - sharedNumbers;
    numberMismatch = 1 - sharedNumbers / numberUnion;
    numbersUnshared = Math.min(4, numberUnion - sharedNumbers) / 4;
    if (sharedNumbers === 0) {
      numberConflict = 1;
      reasons.push(differenceReason('numbers', [...a.numbers], [...b.numbers], ' '));
    }
  } else numbersUnshared = Math.min(4, a.numbers.size + b.numbers.size) / 4;

  let brandSame = 0;
  let brandConflict = 0;
  if (a.brand && b.brand) {
    if (a.brand === b.brand) {
      brandSame = 1;
      reasons.push(`same brand ${a.brand}`);
    } else {
      brandConflict = 1;
      reasons.push(differenceReason('brands', [a.brand], [b.brand]));
    }
  } else if (a.brand && b.compactFull.includes(compactModel(a.brand))) {
    brandSame = 1;
    reasons.push(`same brand ${a.brand}`);
  } else if (b.brand && a.compactFull.includes(compactModel(b.brand))) {
    brandSame = 1;
    reasons.push(`same brand ${b.brand}`);
  }

  let colourConflict = 0;
  if (disjoint(a.colours, b.colours)) {
    colourConflict = 1;
    reasons.push(differenceReason('colour', a.colours, b.colours));
  }

  const ma = a.markers;
  const mb = b.markers;
  const platformConflict = disjoint(ma.platforms, mb.platforms) ? 1 : 0;
  if (platformConflict) reasons.push(differenceReason('platform', ma.platforms, mb.platforms));
  const platformOneSided = !platformConflict && oneSided(ma.platforms, mb.platforms).length > 0;
  const editionConflict = disjoint(ma.editions, mb.editions) ? 1 : 0;
  if (editionConflict) reasons.push(differenceReason('edition', ma.editions, mb.editions));
  const editionOneSided = !editionConflict && oneSided(ma.editions, mb.editions).length > 0;
  const licenceDifference = oneSided(ma.licences, mb.licences);
  if (licenceDifference.length > 0) reasons.push(`only one is ${licenceDifference.join('/')}`);
  const yearConflict = disjoint(ma.years, mb.years) ? 1 : 0;
  if (yearConflict) reasons.push(differenceReason('year', ma.years, mb.years));
  const quantityConflict = disjoint(ma.quantities, mb.quantities) ? 1 : 0;
  if (quantityConflict) reasons.push(differenceReason('quantity', ma.quantities, mb.quantities));
  const quantityOneSided =
    !quantityConflict && oneSided(ma.quantities, mb.quantities).some((quantity) => quantity > 1);

  let priceBoth = 0;
  let priceLogRatio = 0;
  if (
    a.price !== null &&
    b.price !== null &&
    (a.currency === null || b.currency === null || a.currency === b.currency)
  ) {
    priceBoth = 1;
    priceLogRatio = Math.min(3, Math.abs(Math.log(a.price / b.price))) / 3;
    const ratio = Math.max(a.price, b.price) / Math.min(a.price, b.price);
    if (ratio >= 1.5) reasons.push(`price differs ×${ratio.toFixed(1)}`);
    else if (ratio <= 1.1) reasons.push('similar price');
  }

  reasons.push(`title similarity ${weightedJaccard.toFixed(2)}`);
  const values = [
    weightedJaccard,
    weightedContainment,
    jaccard,
    trigramJaccard,
    fullTextContainment,
    tfidfCosine,
    compactGramContainment,
    compactGramJaccard,
    Math.max(softA, softB),
    Math.min(softA, softB),
    unmatchedRareMax,
    unmatchedRareMin,
    unmatchedWeightMax,
    lengthRatio,
    shortLength,
    models.exact ? 1 : 0,
    models.partial ? 1 : 0,
    models.conflict ? 1 : 0,
    models.oneSided ? 1 : 0,
    models.similarity,
    models.prefix,
    models.digitsSame ? 1 : 0,
    models.inOtherText,
    models.seriesConflict ? 1 : 0,
    Math.min(2, attributeAgree) / 2,
    Math.min(1, attributeConflict),
    storageConflict,
    numberConflict,
    numberMismatch,
    numbersUnshared,
    brandSame,
    brandConflict,
    colourConflict,
    platformConflict,
    platformOneSided ? 1 : 0,
    editionConflict,
    editionOneSided ? 1 : 0,
    licenceDifference.length > 0 ? 1 : 0,
    yearConflict,
    quantityConflict,
    quantityOneSided ? 1 : 0,
    priceBoth,
    priceLogRatio,
    rareWordIn(a, weightsA, b) || rareWordIn(b, weightsB, a) ? 1 : 0,
  ];
  return { values, reasons };
}
