/**
 * Features of a product pair for the matcher, each in [0, 1], with human reasons.
 */
import {
  compactModel,
  detectBrand,
  extractAttributes,
  extractColours,
  extractModelCandidates,
  isNumberToken,
  normalizeTitle,
  tokenize,
  type NumericAttribute,
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

/** Document frequencies of common tokens, learned from the train splits. */
export interface IdfTable {
  documents: number;
  df: Record<string, number>;
}

/** A side with everything the features need, computed once. */
export interface PreparedSide {
  titleTokens: Set<string>;
  fullTokens: Set<string>;
  grams: Set<string>;
  models: Map<string, string>;
  compactFull: string;
  attributes: NumericAttribute[];
  numbers: Set<string>;
  colours: string[];
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

function trigrams(text: string): Set<string> {
  const compact = ` ${text.replace(/[^a-z0-9]+/g, ' ').trim()} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= compact.length; index += 1)
    grams.add(compact.slice(index, index + 3));
  return grams;
}

export function prepareSide(side: ProductSide): PreparedSide {
  const title = side.title ?? '';
  const description = side.description ?? '';
  const titleTokens = new Set(tokenize(title).filter((token) => !NOISE_TOKENS.has(token)));
  const fullTokens = new Set(titleTokens);
  if (description)
    for (const token of tokenize(description)) if (!NOISE_TOKENS.has(token)) fullTokens.add(token);
  const models = new Map<string, string>();
  if (side.model && compactModel(side.model).length >= 3)
    models.set(compactModel(side.model), side.model.trim().toUpperCase());
  for (const { key, raw } of extractModelCandidates(title))
    if (!models.has(key)) models.set(key, raw);
  const numbers = new Set(
    [...titleTokens].filter((token) => isNumberToken(token) && token.length <= 5),
  );
  const price =
    typeof side.price === 'number' && Number.isFinite(side.price) && side.price > 0
      ? side.price
      : null;
  return {
    titleTokens,
    fullTokens,
    grams: trigrams(normalizeTitle(title)),
    models,
    compactFull: compactModel(`${title} ${side.model ?? ''} ${description}`),
    attributes: extractAttributes(title),
    numbers,
    colours: extractColours(title),
    brand: detectBrand(title, side.brand),
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
  'modelExact',
  'modelPartial',
  'modelConflict',
  'modelOneSided',
  'attributeAgree',
  'attributeConflict',
  'numberConflict',
  'numberMismatch',
  'brandSame',
  'brandConflict',
  'colourConflict',
  'priceBoth',
  'priceLogRatio',
  'similaritySquared',
  'similarityTimesModelConflict',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

function makeIdf(table: IdfTable): (token: string) => number {
  const max = Math.log(table.documents + 1);
  return (token) => Math.log((table.documents + 1) / ((table.df[token] ?? 0) + 1)) / max;
}

const idfCache = new WeakMap<IdfTable, (token: string) => number>();

function weightOf(tokens: Set<string>, idf: (token: string) => number): number {
  let sum = 0;
  for (const token of tokens) sum += idf(token);
  return sum;
}

function setJaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function describeModel(raw: string): string {
  return raw.toUpperCase();
}

function modelRelation(
  a: PreparedSide,
  b: PreparedSide,
): {
  exact: string | null;
  partial: string | null;
  conflict: [string, string] | null;
  oneSided: boolean;
} {
  for (const [key, raw] of a.models)
    if (b.models.has(key)) return { exact: raw, partial: null, conflict: null, oneSided: false };
  for (const [keyA, rawA] of a.models) {
    for (const keyB of b.models.keys()) {
      const [short, long] = keyA.length <= keyB.length ? [keyA, keyB] : [keyB, keyA];
      if (short.length >= 4 && long.startsWith(short) && long.length - short.length <= 3)
        return { exact: null, partial: rawA, conflict: null, oneSided: false };
    }
  }
  for (const [key, raw] of a.models)
    if (key.length >= 5 && b.compactFull.includes(key))
      return { exact: null, partial: raw, conflict: null, oneSided: false };
  for (const [key, raw] of b.models)
    if (key.length >= 5 && a.compactFull.includes(key))
      return { exact: null, partial: raw, conflict: null, oneSided: false };
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

/** The feature vector of a pair (order of FEATURE_NAMES) and the reasons behind it. */
export function computeFeatures(a: PreparedSide, b: PreparedSide, table: IdfTable): FeatureResult {
  let idf = idfCache.get(table);
  if (!idf) {
    idf = makeIdf(table);
    idfCache.set(table, idf);
  }
  const reasons: string[] = [];

  let sharedWeight = 0;
  for (const token of a.titleTokens) if (b.titleTokens.has(token)) sharedWeight += idf(token);
  const weightA = weightOf(a.titleTokens, idf);
  const weightB = weightOf(b.titleTokens, idf);
  const union = weightA + weightB - sharedWeight;
  const weightedJaccard = union > 0 ? sharedWeight / union : 0;
  const minWeight = Math.min(weightA, weightB);
  const weightedContainment = minWeight > 0 ? sharedWeight / minWeight : 0;
  const jaccard = setJaccard(a.titleTokens, b.titleTokens);
  const trigramJaccard = setJaccard(a.grams, b.grams);

  let fullShared = 0;
  for (const token of a.fullTokens) if (b.fullTokens.has(token)) fullShared += idf(token);
  const fullMin = Math.min(weightOf(a.fullTokens, idf), weightOf(b.fullTokens, idf));
  const fullTextContainment = fullMin > 0 ? Math.min(1, fullShared / fullMin) : 0;

  const models = modelRelation(a, b);
  if (models.exact) reasons.push(`same model number ${describeModel(models.exact)}`);
  else if (models.partial) reasons.push(`related model number ${describeModel(models.partial)}`);
  else if (models.conflict)
    reasons.push(
      `different model numbers: ${describeModel(models.conflict[0])} vs ${describeModel(models.conflict[1])}`,
    );

  let attributeAgree = 0;
  let attributeConflict = 0;
  const families = new Set(a.attributes.map((attribute) => attribute.family));
  for (const family of families) {
    const left = a.attributes.filter((attribute) => attribute.family === family);
    const right = b.attributes.filter((attribute) => attribute.family === family);
    if (right.length === 0) continue;
    const shared = left.find((x) =>
      right.some((y) => Math.abs(x.value - y.value) <= 0.02 * Math.max(x.value, y.value)),
    );
    if (shared) {
      attributeAgree += 1;
      reasons.push(`same ${FAMILY_LABEL[family] ?? family} ${shared.text}`);
    } else {
      attributeConflict += 1;
      reasons.push(
        `different ${FAMILY_LABEL[family] ?? family}: ${left[0]!.text} vs ${right[0]!.text}`,
      );
    }
  }

  let numberConflict = 0;
  let numberMismatch = 0;
  if (a.numbers.size > 0 && b.numbers.size > 0) {
    const sharedNumbers = [...a.numbers].filter((n) => b.numbers.has(n)).length;
    const numberUnion = a.numbers.size + b.numbers.size - sharedNumbers;
    numberMismatch = 1 - sharedNumbers / numberUnion;
    if (sharedNumbers === 0) {
      numberConflict = 1;
      reasons.push(`different numbers: ${[...a.numbers].join(' ')} vs ${[...b.numbers].join(' ')}`);
    }
  }

  let brandSame = 0;
  let brandConflict = 0;
  if (a.brand && b.brand) {
    if (a.brand === b.brand) {
      brandSame = 1;
      reasons.push(`same brand ${a.brand}`);
    } else {
      brandConflict = 1;
      reasons.push(`different brands: ${a.brand} vs ${b.brand}`);
    }
  } else if (a.brand && b.compactFull.includes(compactModel(a.brand))) {
    brandSame = 1;
    reasons.push(`same brand ${a.brand}`);
  } else if (b.brand && a.compactFull.includes(compactModel(b.brand))) {
    brandSame = 1;
    reasons.push(`same brand ${b.brand}`);
  }

  let colourConflict = 0;
  if (
    a.colours.length > 0 &&
    b.colours.length > 0 &&
    !a.colours.some((c) => b.colours.includes(c))
  ) {
    colourConflict = 1;
    reasons.push(`different colour: ${a.colours.join('/')} vs ${b.colours.join('/')}`);
  }

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
    models.exact ? 1 : 0,
    models.partial ? 1 : 0,
    models.conflict ? 1 : 0,
    models.oneSided ? 1 : 0,
    Math.min(2, attributeAgree) / 2,
    Math.min(1, attributeConflict),
    numberConflict,
    numberMismatch,
    brandSame,
    brandConflict,
    colourConflict,
    priceBoth,
    priceLogRatio,
    weightedJaccard * weightedJaccard,
    models.conflict ? weightedJaccard : 0,
  ];
  return { values, reasons };
}
