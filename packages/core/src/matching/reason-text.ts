/**
 * Why a listing is shown as it is, in sentences a shopper reads ("Same model number (85QM655R)",
 * "Different size: 43-inch vs 85-inch"), from the hard conflicts and the matcher's terse reasons
 * ("same model number 85QM655R", "title similarity 0.28"). The matcher's internals (similarity
 * figures, price ratios, unshared numbers) are left out.
 */
import type { ConflictKind, ProductConflict } from './conflicts.ts';

/** How a shopper reads a normalised measure: `85in` → "85-inch", `128gb` → "128 GB". */
export function measureText(token: string): string {
  const match = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(token);
  if (!match) return token;
  const amount = Number(match[1]);
  const number = Number.isInteger(amount) ? amount.toLocaleString('en-US') : match[1]!;
  const unit = match[2]!;
  if (unit === 'in') return `${number}-inch`;
  const units: Record<string, string> = {
    tb: 'TB',
    gb: 'GB',
    mb: 'MB',
    w: 'W',
    v: 'V',
    ghz: 'GHz',
    mhz: 'MHz',
    mp: 'MP',
    mah: 'mAh',
    rpm: 'rpm',
  };
  if (unit === 'x') return `${number}x`;
  return units[unit] ? `${number} ${units[unit]}` : token;
}

const SHORT_NAMES = new Set([
  'hp',
  'lg',
  'tcl',
  'jbl',
  'amd',
  'msi',
  'jvc',
  'ge',
  'wd',
  'apc',
  'tdk',
]);

/**
 * A brand as the listings write it, when one of their titles writes it in mixed case ("HyperX",
 * "TP-Link"): the matcher reads names folded to lower case, and capitalising them word by word
 * would show "Hyperx". Otherwise (no title names it, or only in capitals) `properName`.
 */
function nameAsWritten(normalized: string, titles: readonly string[]): string {
  if (titles.length > 0) {
    const pattern = writtenNamePattern(normalized);
    for (const title of titles) {
      const written = pattern.exec(title)?.[0];
      if (written && written !== written.toUpperCase() && written !== written.toLowerCase())
        return written;
    }
  }
  return properName(normalized);
}

/** A name's words in any case, joined by spaces or hyphens, as a whole word of a title. */
function writtenNamePattern(normalized: string): RegExp {
  let pattern = namePatterns.get(normalized);
  if (!pattern) {
    const words = normalized
      .split(/[\s-]+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'iu');
    // Compiling a pattern costs more than using it, and a catalog has a few thousand brands.
    if (namePatterns.size >= MAX_NAME_PATTERNS) namePatterns.clear();
    namePatterns.set(normalized, pattern);
  }
  return pattern;
}

const MAX_NAME_PATTERNS = 2_000;
const namePatterns = new Map<string, RegExp>();

/** A normalised name as written: "tcl" → "TCL", "western digital" → "Western Digital". */
function properName(name: string): string {
  return name
    .split(' ')
    .map((word) =>
      SHORT_NAMES.has(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/**
 * A model number without the brand the matcher glued to it ("SONY-WH-1000XM5" → "WH-1000XM5",
 * "TCL-QM655R" → "QM655R"): the brand is said elsewhere.
 */
export function withoutBrand(model: string, brand: string | null | undefined): string {
  if (!brand) return model;
  const prefix = `${brand.replace(/\s+/g, '-').toUpperCase()}-`;
  return model.toUpperCase().startsWith(prefix) && model.length > prefix.length + 2
    ? model.slice(prefix.length)
    : model;
}

/** "a vs b" as the matcher writes it (pasted first), turned around: the other listing first. */
function swapped(values: string, format: (value: string) => string = (value) => value): string {
  const [pasted, offer] = values.split(' vs ');
  if (offer === undefined) return values;
  const list = (text: string) => text.split('/').map(format).join('/');
  return `${list(offer)} vs ${list(pasted!)}`;
}

interface ReasonRule {
  pattern: RegExp;
  /** The conflict kind that says the same, so the conflict's own wording stands alone. */
  kind?: ConflictKind;
  sentence: (
    match: RegExpExecArray,
    brand: string | null,
    name: (normalized: string) => string,
  ) => string | null;
}

const FAMILY_NAMES: Record<string, string> = {
  storage: 'storage',
  size: 'size',
  wattage: 'wattage',
  frequency: 'speed',
  resolution: 'resolution',
  battery: 'battery',
  speed: 'speed',
  voltage: 'voltage',
  zoom: 'zoom',
};

const FAMILY_KINDS: Record<string, ConflictKind> = {
  size: 'size',
  storage: 'capacity',
  battery: 'capacity',
};

const RULES: readonly ReasonRule[] = [
  {
    pattern: /^same model number (.+)$/,
    sentence: (m, brand) => `Same model number (${withoutBrand(m[1]!, brand)})`,
  },
  {
    pattern: /^related model number (.+)$/,
    sentence: (m, brand) => `Related model number (${withoutBrand(m[1]!, brand)})`,
  },
  {
    pattern: /^different model numbers: (.+)$/,
    kind: 'model',
    sentence: (m, brand) =>
      `Different model number: ${swapped(m[1]!, (model) => withoutBrand(model, brand))}`,
  },
  {
    pattern: /^same (storage|size|wattage|frequency|resolution|battery|speed|voltage|zoom) (\S+)$/,
    sentence: (m) => `Same ${FAMILY_NAMES[m[1]!]!} (${measureText(m[2]!)})`,
  },
  {
    pattern:
      /^different (storage|size|wattage|frequency|resolution|battery|speed|voltage|zoom): (.+)$/,
    sentence: (m) => `Different ${FAMILY_NAMES[m[1]!]!}: ${swapped(m[2]!, measureText)}`,
  },
  { pattern: /^same brand (.+)$/, sentence: (m, _brand, name) => `Same brand (${name(m[1]!)})` },
  {
    pattern: /^different brands: (.+)$/,
    sentence: (m, _brand, name) => `Different brand: ${swapped(m[1]!, name)}`,
  },
  {
    pattern: /^different colour: (.+)$/,
    kind: 'colour',
    sentence: (m) => `Different color: ${swapped(m[1]!, properName)}`,
  },
  {
    pattern: /^different platform: (.+)$/,
    sentence: (m) => `Different platform: ${swapped(m[1]!, properName)}`,
  },
  {
    pattern: /^different edition: (.+)$/,
    sentence: (m) => `Different edition: ${swapped(m[1]!, properName)}`,
  },
  {
    pattern: /^different year: (.+)$/,
    kind: 'generation',
    sentence: (m) => `Different model year: ${swapped(m[1]!)}`,
  },
  {
    pattern: /^different quantity: (.+)$/,
    kind: 'quantity',
    sentence: (m) => `Different quantity: ${swapped(m[1]!)}`,
  },
  {
    pattern: /^only one is (.+)$/,
    sentence: (m) =>
      `Only one of them is ${m[1]!
        .split('/')
        .map((kind) =>
          kind === 'oem' ? 'an OEM' : /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`,
        )
        .join(' or ')} version`,
  },
  {
    pattern: /^title similarity (\d+(?:\.\d+)?)$/,
    sentence: (m) => {
      const similarity = Number(m[1]);
      if (similarity >= 0.6) return 'Very similar name';
      if (similarity >= 0.3) return 'Similar name';
      return null;
    },
  },
  // Internals a shopper cannot use: the numbers two titles do not share, a price ratio.
  { pattern: /^different numbers: /, sentence: () => null },
  { pattern: /^price differs /, sentence: () => null },
  { pattern: /^similar price$/, sentence: () => null },
];

/** One of the matcher's reasons as a sentence, or null when it is an internal. */
function matcherSentence(
  reason: string,
  conflictKinds: ReadonlySet<ConflictKind>,
  brand: string | null,
  titles: readonly string[],
): string | null {
  for (const rule of RULES) {
    const match = rule.pattern.exec(reason);
    if (!match) continue;
    if (rule.kind && conflictKinds.has(rule.kind)) return null;
    // A size or storage difference the conflicts already name.
    const family = /^different (\w+):/.exec(reason)?.[1];
    const familyKind = family ? FAMILY_KINDS[family] : undefined;
    if (familyKind && conflictKinds.has(familyKind)) return null;
    return rule.sentence(match, brand, (name) => nameAsWritten(name, titles));
  }
  // A reason this list does not know yet: shown as a sentence unless it carries a raw figure.
  if (/\d\.\d\d/.test(reason)) return null;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/**
 * The reasons shown for a listing: its hard conflicts first (each as worded), then the evidence
 * (the comparison's own sentences, such as a shared GTIN), then the matcher's reasons as
 * sentences, without repeats.
 */
export function reasonSentences(
  conflicts: readonly ProductConflict[],
  evidence: readonly string[],
  matcherReasons: readonly string[] = [],
  /** The product's brand, as the matcher reads it ("tcl"), to leave out of model numbers. */
  brand: string | null = null,
  /** Both listings' titles, as the shops write them: brands are named as they spell them. */
  titles: readonly string[] = [],
): string[] {
  const kinds = new Set(conflicts.map((conflict) => conflict.kind));
  const sentences = [
    ...conflicts.map((conflict) => conflict.text),
    ...evidence,
    ...matcherReasons.map((reason) => matcherSentence(reason, kinds, brand, titles)),
  ];
  return [...new Set(sentences.filter((sentence): sentence is string => sentence !== null))];
}
