/**
 * Title normalisation and the pieces the product matcher compares: tokens, model numbers,
 * numeric attributes (capacity, size, wattage, ...), colour words and brands. Pure functions.
 */

/**
 * A table of words to look titles' words up in. A plain object also answers for the names it
 * inherits, so a title with the word "constructor" would find Object's own function in it (and
 * read as a platform, an edition and a licence at once); this one has only its own keys.
 */
export function wordTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** Unit spellings mapped to one canonical suffix; the suffix is glued to its number. */
const UNIT_ALIASES = wordTable<string>({
  tb: 'tb',
  terabyte: 'tb',
  terabytes: 'tb',
  gb: 'gb',
  gig: 'gb',
  gigs: 'gb',
  gigabyte: 'gb',
  gigabytes: 'gb',
  go: 'gb',
  mb: 'mb',
  megabyte: 'mb',
  megabytes: 'mb',
  ghz: 'ghz',
  mhz: 'mhz',
  w: 'w',
  watt: 'w',
  watts: 'w',
  v: 'v',
  volt: 'v',
  volts: 'v',
  mah: 'mah',
  mm: 'mm',
  cm: 'cm',
  in: 'in',
  inch: 'in',
  inches: 'in',
  ft: 'ft',
  feet: 'ft',
  lb: 'lb',
  lbs: 'lb',
  oz: 'oz',
  kg: 'kg',
  mp: 'mp',
  megapixel: 'mp',
  megapixels: 'mp',
  rpm: 'rpm',
  x: 'x',
  hz: 'hz',
});

const UNIT_PATTERN = new RegExp(
  String.raw`(\d+(?:\.\d+)?)\s*-?\s*(${Object.keys(UNIT_ALIASES)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![a-z0-9])`,
  'g',
);

/** Lower-case, strip accents, unify quotes and inch marks. */
export function foldText(text: string): string {
  if (text === lastFolded.text) return lastFolded.result;
  const result = foldUncached(text);
  lastFolded = { text, result };
  return result;
}

let lastFolded = { text: '', result: '' };

function foldUncached(text: string): string {
  // ASCII has nothing to decompose, no accents and no curly quotes: only its case to fold.
  if (!/[\u0080-\uffff]/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"');
}

/**
 * Fold the text and normalise units: `1 TB` → `1tb`, `16 gb` → `16gb`, `55"` / `55 inch` /
 * `55-inch` → `55in`, `3,5` → `3.5`. Whitespace is collapsed.
 */
export function normalizeTitle(text: string): string {
  // The matcher reads the same title several times in a row; remember the last one.
  if (text === lastNormalized.text) return lastNormalized.result;
  const result = normalizeUncached(text);
  lastNormalized = { text, result };
  return result;
}

let lastNormalized = { text: '', result: '' };
let lastTokens: { text: string; result: readonly string[] } = { text: '', result: [] };

function normalizeUncached(text: string): string {
  let result = foldText(text);
  // Each rewrite only where the characters it needs are (most titles have no comma, no inch
  // mark, no "b/s"); a lone space is left alone rather than replaced by itself.
  if (/\d/.test(result)) {
    if (result.includes(',')) result = result.replace(/(\d),(\d)(?!\d{2})/g, '$1.$2');
    if (result.includes('"') || result.includes("'") || result.includes('”'))
      result = result.replace(/(\d)\s*(?:"|''|”)/g, '$1in ');
    if (result.includes('b/s'))
      result = result.replace(/(\d)\s*([kmg])b\/s(?![a-z0-9])/g, '$1$2bps');
    result = withUnitsGlued(result);
  }
  return result.replace(/(?! )\s+| \s+/g, ' ').trim();
}

/**
 * `text.replace(UNIT_PATTERN, (_, value, unit) => value + UNIT_ALIASES[unit])`, with the text
 * copied only where a match is written otherwise (`16gb` stays as it is).
 */
function withUnitsGlued(text: string): string {
  let result = '';
  let copied = 0;
  UNIT_PATTERN.lastIndex = 0;
  for (let match = UNIT_PATTERN.exec(text); match; match = UNIT_PATTERN.exec(text)) {
    const glued = `${match[1]!}${UNIT_ALIASES[match[2]!]!}`;
    if (glued === match[0]) continue;
    result += text.slice(copied, match.index) + glued;
    copied = match.index + match[0].length;
  }
  UNIT_PATTERN.lastIndex = 0;
  return copied === 0 ? text : result + text.slice(copied);
}

/** Word tokens of a normalised text; a dot is kept only between digits (`2.4ghz`, `802.11n`). */
export function tokenize(text: string): string[] {
  return [...tokensOf(text)];
}

/** `tokenize` without the copy, for callers that only read the tokens (do not change them). */
export function tokensOf(text: string): readonly string[] {
  if (text !== lastTokens.text) {
    const normalized = normalizeTitle(text);
    // Without a dot the pattern is the plain split on other characters.
    const result = (
      normalized.includes('.')
        ? normalized.split(/[^a-z0-9.]+|\.(?!\d)|(?<!\d)\./)
        : normalized.split(/[^a-z0-9]+/)
    ).filter((token) => token.length > 0);
    lastTokens = { text, result };
  }
  return lastTokens.result;
}

const UNIT_TOKEN =
  /^\d+(?:\.\d+)?(?:tb|gb|mb|ghz|mhz|hz|w|v|mah|mm|cm|in|ft|lb|oz|kg|mp|rpm|x|p|k|th|st|nd|rd|s)$/;

/** A token that is a plain number (`2007`, `3.5`). */
export function isNumberToken(token: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(token);
}

/** Remove separators so that `KDL-40V5100`, `kdl 40v5100` and `kdl40v5100` compare equal. */
export function compactModel(text: string): string {
  return foldText(text).replace(/[^a-z0-9]+/g, '');
}

function looksLikeModel(raw: string): boolean {
  // Without a digit nothing below holds (most of a title's words: skip the patterns).
  if (!/\d/.test(raw)) return false;
  const compact = raw.replace(/[^a-z0-9]/g, '');
  if (compact.length < 4 || compact.length > 24) return false;
  if (UNIT_TOKEN.test(raw) || UNIT_TOKEN.test(compact)) return false;
  // Ordinal ranges (`4th-6th` grade) and quantities (`25-user`, `10pk`) are not model numbers.
  if (/^\d+(?:st|nd|rd|th)(?:-\d+(?:st|nd|rd|th))?$/.test(raw)) return false;
  if (/^\d+-?(?:users?|packs?|pk|seats?|licen[cs]es?|pcs?)$/.test(raw)) return false;
  const hasDigit = /\d/.test(compact);
  const hasLetter = /[a-z]/.test(compact);
  if (hasDigit && hasLetter) return !/^(?:usb|ipv|mp|ddr|pc|x|v)\d{1,2}$/.test(compact);
  // Long digit runs with a separator are part numbers (`388504-b21` is caught above, `540-5629` here).
  return hasDigit && compact.length >= 6 && /[-/]/.test(raw);
}

/** Words that are never a model-number prefix: `pro 2007`, `mac 2004`, `with sp2`, `word 2004`. */
const NOT_MODEL_PREFIX = new Set([
  'with',
  'for',
  'and',
  'the',
  'word',
  'ver',
  'vol',
  'gen',
  'part',
  'rev',
  'new',
  'only',
  'from',
  'plus',
  'user',
  'pack',
  'kit',
  'set',
  'size',
  'type',
  'year',
  'yr',
  'disc',
  'cd',
  'dvd',
  'box',
]);

function isMarkerWord(word: string): boolean {
  return (
    NOT_MODEL_PREFIX.has(word) ||
    word in PLATFORM_WORDS ||
    word in EDITION_WORDS ||
    word in LICENCE_WORDS
  );
}

/** A model-number candidate: `key` compacted for comparing, `raw` as written (upper-cased). */
export interface ModelCandidate {
  key: string;
  raw: string;
}

/**
 * Model-number candidates in a text: tokens mixing letters and digits, with or without dashes
 * (`KDL-40V5100`, `pslx350h`, `388504-B21`), plus a short letter prefix joined to a following
 * alphanumeric token (`KDL 40V5100` → `kdl40v5100`).
 */
const EDGE_MARK = /^[-/.]|[-/.]$/;

export function extractModelCandidates(text: string): ModelCandidate[] {
  const found = new Map<string, string>();
  const raws = normalizeTitle(text)
    .split(/[\s,;:()[\]{}"'!?*|+&]+/)
    .map((raw) => (EDGE_MARK.test(raw) ? raw.replace(/^[-/.]+|[-/.]+$/g, '') : raw))
    .filter((raw) => raw.length > 0);
  raws.forEach((raw, index) => {
    if (looksLikeModel(raw)) {
      const key = raw.replace(/[^a-z0-9]/g, '');
      if (!found.has(key)) found.set(key, raw.toUpperCase());
    }
    const next = raws[index + 1];
    // Only a model-like part is joined: `KDL 40V5100`, `SM 1200`, not `DECT 6.0` or `Win 98`.
    if (
      next !== undefined &&
      /^[a-z]{1,4}$/.test(raw) &&
      !isMarkerWord(raw) &&
      /\d/.test(next) &&
      !/^(?:19|20)\d\d$/.test(next) &&
      !/\./.test(next) &&
      (/[a-z]/.test(next) || /\d{3}/.test(next))
    ) {
      const joined = `${raw}-${next}`;
      const joinedKey = joined.replace(/[^a-z0-9]/g, '');
      if (looksLikeModel(joined) && !UNIT_TOKEN.test(next) && !found.has(joinedKey))
        found.set(joinedKey, joined.toUpperCase());
    }
  });
  return [...found].map(([key, raw]) => ({ key, raw }));
}

/** Model-number keys in a text, compacted (no dashes or spaces): `KDL-40V5100` → `kdl40v5100`. */
export function extractModelNumbers(text: string): string[] {
  return extractModelCandidates(text).map((candidate) => candidate.key);
}

/** Families of numeric attributes and the units that belong to each, with a scale to one base. */
const ATTRIBUTE_UNITS = wordTable<{ family: string; scale: number }>({
  tb: { family: 'storage', scale: 1000 },
  gb: { family: 'storage', scale: 1 },
  mb: { family: 'storage', scale: 0.001 },
  in: { family: 'size', scale: 1 },
  w: { family: 'wattage', scale: 1 },
  ghz: { family: 'frequency', scale: 1000 },
  mhz: { family: 'frequency', scale: 1 },
  mp: { family: 'resolution', scale: 1 },
  mah: { family: 'battery', scale: 1 },
  rpm: { family: 'speed', scale: 1 },
  v: { family: 'voltage', scale: 1 },
  x: { family: 'zoom', scale: 1 },
});

export interface NumericAttribute {
  family: string;
  /** Value in the family's base unit (storage in GB, frequency in MHz, ...). */
  value: number;
  /** The token as written after normalisation, e.g. `128gb`. */
  text: string;
}

/** Numeric attributes such as `128gb`, `55in`, `200w`, `2.4ghz`. */
export function extractAttributes(text: string): NumericAttribute[] {
  const attributes: NumericAttribute[] = [];
  for (const token of tokensOf(text)) {
    const first = token.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const match = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(token);
    if (!match) continue;
    const unit = ATTRIBUTE_UNITS[match[2]!];
    if (!unit) continue;
    attributes.push({ family: unit.family, value: Number(match[1]) * unit.scale, text: token });
  }
  return attributes;
}

export const COLOUR_WORDS: ReadonlySet<string> = new Set([
  'black',
  'white',
  'silver',
  'gray',
  'grey',
  'red',
  'blue',
  'green',
  'yellow',
  'orange',
  'pink',
  'purple',
  'gold',
  'brown',
  'beige',
  'bronze',
  'titanium',
  'graphite',
  'charcoal',
  'navy',
  'teal',
  'ivory',
  'chrome',
  'platinum',
  'rose',
  'violet',
  'cyan',
  'magenta',
  // Shops' own colour names (Apple's, phone and headphone makers').
  'starlight',
  'midnight',
  'lavender',
  'obsidian',
  'porcelain',
  'champagne',
  'copper',
  'coral',
  'turquoise',
  'olive',
  'khaki',
  'burgundy',
  'maroon',
  'indigo',
  'sapphire',
]);

/** Connectors a title can name, each written several ways. */
const CONNECTORS: readonly (readonly [string, RegExp])[] = [
  ['usb-c', /\b(?:usb[\s-]?c|type[\s-]?c)\b/],
  ['lightning', /\blightning\b/],
  ['micro-usb', /\bmicro[\s-]?usb\b/],
];

/** The connectors a title names (`USB-C`, `Type C` → `usb-c`; `Lightning`; `Micro USB`). */
export function extractConnectors(text: string): string[] {
  const lower = text.toLowerCase();
  return CONNECTORS.filter(([, pattern]) => pattern.test(lower)).map(([name]) => name);
}

/** Colour words in a text (`grey` is reported as `gray`). */
export function extractColours(text: string): string[] {
  const colours = new Set<string>();
  for (const token of tokensOf(text)) {
    if (COLOUR_WORDS.has(token)) colours.add(token === 'grey' ? 'gray' : token);
  }
  return [...colours];
}

/** Well-known consumer electronics, computing and software brands (multi-word as spaced). */
const KNOWN_BRANDS = [
  'acer',
  'adobe',
  'aiwa',
  'alpine',
  'amd',
  'apc',
  'apple',
  'asus',
  'atlona',
  'audio-technica',
  'audiovox',
  'autodesk',
  'belkin',
  'bissell',
  'black & decker',
  'bose',
  'boston acoustics',
  'braun',
  'brother',
  'broderbund',
  'buffalo',
  'canon',
  'casio',
  'cisco',
  'cobra',
  'corel',
  'corsair',
  'creative',
  'crucial',
  'cuisinart',
  'd-link',
  'dell',
  'delonghi',
  'denon',
  'dyson',
  'eaton',
  'emerson',
  'encore',
  'epson',
  'escient',
  'frigidaire',
  'fujifilm',
  'fujitsu',
  'garmin',
  'ge',
  'gigabyte',
  'google',
  'gopro',
  'haier',
  'hamilton beach',
  'harman kardon',
  'hitachi',
  'hoover',
  'hp',
  'htc',
  'huawei',
  'ibm',
  'infocus',
  'intel',
  'intuit',
  'iomega',
  'jabra',
  'jbl',
  'jvc',
  'kaspersky',
  'kenwood',
  'kingston',
  'kitchenaid',
  'klipsch',
  'kodak',
  'konica',
  'lacie',
  'lenovo',
  'lexar',
  'lg',
  'linksys',
  'logitech',
  'marantz',
  'maytag',
  'mcafee',
  'memorex',
  'microsoft',
  'mitsubishi',
  'monster',
  'motorola',
  'msi',
  'netgear',
  'nikon',
  'nintendo',
  'nokia',
  'norton',
  'nvidia',
  'olympus',
  'omnimount',
  'onkyo',
  'oracle',
  'palm',
  'panasonic',
  'pentax',
  'philips',
  'pioneer',
  'plantronics',
  'polk',
  'qnap',
  'razer',
  'ricoh',
  'roku',
  'samsung',
  'sandisk',
  'sanus',
  'sanyo',
  'seagate',
  'sennheiser',
  'sharp',
  'shure',
  'sony',
  'symantec',
  'synology',
  'tdk',
  'targus',
  'tomtom',
  'toshiba',
  'tp-link',
  'trendnet',
  'ubiquiti',
  'uniden',
  'verbatim',
  'viewsonic',
  'vizio',
  'western digital',
  'whirlpool',
  'xerox',
  'xiaomi',
  'yamaha',
  'zotac',
  'zyxel',
  'wd',
  'sun',
  'hpe',
  'kensington',
  'nero',
  'avid',
  'sage',
  'topics',
  'individual software',
  'nuance',
  'roxio',
  'sonic',
  'pinnacle',
  'magix',
  'cyberlink',
  'steinberg',
];

const BRAND_ALIASES = wordTable<string>({
  'hewlett packard': 'hp',
  'hewlett-packard': 'hp',
  hpe: 'hp',
  'western digital': 'wd',
  'black and decker': 'black & decker',
  'symantec corporation': 'symantec',
  norton: 'symantec',
  'computer associates': 'ca',
  'lg electronics': 'lg',
  'samsung electronics': 'samsung',
  'sony electronics': 'sony',
  'canon usa': 'canon',
  'intuit inc': 'intuit',
  'adobe systems': 'adobe',
  'corel corporation': 'corel',
  'microsoft corporation': 'microsoft',
  'apple computer': 'apple',
});

const CORPORATE_SUFFIX =
  /\b(?:inc|corp|corporation|co|ltd|llc|gmbh|software|systems|usa|international|electronics)\b\.?/g;

/** Canonical form of a brand name: folded, corporate suffixes dropped, known aliases unified. */
export function normalizeBrand(brand: string): string {
  const folded = foldText(brand).replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  const direct = BRAND_ALIASES[folded];
  if (direct) return direct;
  const stripped = folded.replace(CORPORATE_SUFFIX, '').replace(/\s+/g, ' ').trim();
  return BRAND_ALIASES[stripped] ?? (stripped || folded);
}

const BRAND_LOOKUP = new Map<string, string>(
  [...KNOWN_BRANDS, ...Object.keys(BRAND_ALIASES)].map((name) => [name, normalizeBrand(name)]),
);

/** The first words of the brands' names: a title's word that is none of them starts no brand. */
const BRAND_FIRST_WORDS = new Set([...BRAND_LOOKUP.keys()].map((name) => name.split(' ')[0]!));

/**
 * The brand of a product: the given brand field when present, else the first known brand
 * among the title's leading words (one to three word phrases), else null.
 */
export function detectBrand(title: string, brand?: string | null): string | null {
  if (brand && brand.trim() && !/^(?:null|n\/a|unknown|generic)$/i.test(brand.trim()))
    return normalizeBrand(brand);
  const words = foldText(title)
    .split(/[^a-z0-9&-]+/)
    .filter((word) => word.length > 0 && word !== 'null');
  for (let index = 0; index < Math.min(words.length, 8); index += 1) {
    if (!BRAND_FIRST_WORDS.has(words[index]!)) continue;
    for (const length of [3, 2, 1]) {
      const phrase = words.slice(index, index + length).join(' ');
      const found = BRAND_LOOKUP.get(phrase);
      if (found) return found;
    }
  }
  return null;
}

/** Platform words mapped to one platform. */
const PLATFORM_WORDS = wordTable<string>({
  windows: 'windows',
  win: 'windows',
  xp: 'windows',
  vista: 'windows',
  pc: 'windows',
  mac: 'mac',
  macintosh: 'mac',
  macos: 'mac',
  macosx: 'mac',
  osx: 'mac',
  linux: 'linux',
  android: 'android',
  ios: 'ios',
  chromebook: 'chrome os',
});

/** Edition words (software editions and product tiers) mapped to one edition. */
const EDITION_WORDS = wordTable<string>({
  standard: 'standard',
  std: 'standard',
  professional: 'professional',
  pro: 'professional',
  prof: 'professional',
  premium: 'premium',
  premier: 'premier',
  deluxe: 'deluxe',
  dlx: 'deluxe',
  home: 'home',
  basic: 'basic',
  ultimate: 'ultimate',
  enterprise: 'enterprise',
  business: 'business',
  express: 'express',
  essentials: 'essentials',
  lite: 'lite',
  plus: 'plus',
  gold: 'gold',
  elite: 'elite',
  advanced: 'advanced',
  starter: 'starter',
  mini: 'mini',
  max: 'max',
  ultra: 'ultra',
  extreme: 'extreme',
});

/** Licence kinds: an upgrade, an academic copy, an OEM copy, a renewal are not the full product. */
const LICENCE_WORDS = wordTable<string>({
  upgrade: 'upgrade',
  upg: 'upgrade',
  upgrd: 'upgrade',
  pbupgrd: 'upgrade',
  upsell: 'upgrade',
  academic: 'academic',
  edu: 'academic',
  education: 'academic',
  student: 'academic',
  students: 'academic',
  teacher: 'academic',
  oem: 'oem',
  renewal: 'renewal',
  subscription: 'subscription',
});

const QUANTITY_PATTERN =
  /(?:^|[^a-z0-9.])(\d{1,4})\s*-?\s*(?:users?|pk|pack|packs|licen[cs]es?|seats?|nodes?|clients?|pcs|computers?|devices?|count|ct)(?![a-z0-9])/g;

/** What distinguishes versions and variants of the same product line. */
export interface VariantMarkers {
  /** Platforms: windows, mac, linux, android, ios. */
  platforms: string[];
  /** Editions and tiers: standard, professional, deluxe, home, ... */
  editions: string[];
  /** Licence kinds: upgrade, academic, oem, renewal, subscription. */
  licences: string[];
  /** Years 1980..2039. */
  years: string[];
  /** Quantities of users, seats or pack items (`5-user` → 5). */
  quantities: number[];
  /** Plain and version numbers, normalised (`v10` and `10.0` → `10`). */
  numbers: string[];
}

/** The words of the platform, edition and licence tables: one look-up for most of a title's words. */
const MARKER_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(PLATFORM_WORDS),
  ...Object.keys(EDITION_WORDS),
  ...Object.keys(LICENCE_WORDS),
]);

function canonicalNumber(token: string): string | null {
  const match = /^v?(\d+(?:\.\d+)?)$/.exec(token);
  if (!match) return null;
  return match[1]!.replace(/\.0+$/, '');
}

/** Platform, edition, licence, year, quantity and version markers of a title. */
export function extractVariantMarkers(
  text: string,
  tokens: readonly string[] = tokenize(text),
): VariantMarkers {
  const platforms = new Set<string>();
  const editions = new Set<string>();
  const licences = new Set<string>();
  const years = new Set<string>();
  const numbers = new Set<string>();
  for (const token of tokens) {
    if (MARKER_WORDS.has(token)) {
      const platform = PLATFORM_WORDS[token];
      if (platform) platforms.add(platform);
      const edition = EDITION_WORDS[token];
      if (edition) editions.add(edition);
      const licence = LICENCE_WORDS[token];
      if (licence) licences.add(licence);
    }
    const first = token.charCodeAt(0);
    if ((first >= 48 && first <= 57) || first === 118) {
      if (/^(?:19[89]\d|20[0-3]\d)$/.test(token)) years.add(token);
      const number = canonicalNumber(token);
      if (number !== null && number.length <= 5) numbers.add(number);
    }
  }
  const quantities = new Set<number>();
  const normalized = /\d/.test(text) ? normalizeTitle(text) : '';
  // exec on the one global pattern (matchAll would copy it for every title).
  QUANTITY_PATTERN.lastIndex = 0;
  for (
    let match = QUANTITY_PATTERN.exec(normalized);
    match;
    match = QUANTITY_PATTERN.exec(normalized)
  ) {
    const value = Number(match[1]);
    if (value > 0) quantities.add(value);
  }
  return {
    platforms: [...platforms],
    editions: [...editions],
    licences: [...licences],
    years: [...years],
    quantities: [...quantities],
    numbers: [...numbers],
  };
}

/** Levenshtein distance of two short strings. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Two rows reused from call to call: the matcher compares up to 144 model pairs per listing.
  if (editRows[0].length <= b.length)
    editRows = [new Int32Array(b.length * 2 + 2), new Int32Array(b.length * 2 + 2)];
  let [previous, current] = editRows;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j += 1) {
      const cost = code === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

let editRows: [Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64)];
