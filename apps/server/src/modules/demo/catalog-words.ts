/**
 * The demo catalog's vocabulary, written for ipick: kinds of product, the brands and product
 * lines that make them, and the words shops use for them. Model-number templates are shaped
 * like each brand's real numbering, but the numbers themselves are invented.
 *
 * Template slots: `#` a digit, `%` a digit 1-9, `@` a letter, `[ABC]` one of the characters,
 * `[foo|bar|]` one of the words (may be empty). `{series}` is the family's series, `{v}` the
 * code of the variant that is part of the model number (a TV's size).
 */
import type { DemoRetailerKey } from './catalog-retailers.ts';

export type DemoCategory =
  'electronics' | 'gaming' | 'home' | 'kitchen' | 'appliances' | 'small-tech' | 'accessories';

/** A word as shops write it: the canonical form first, then other spellings and abbreviations. */
export type Phrase = readonly string[];

/** Where a variant goes in a title: sizes lead, colours trail, the rest sit in between. */
export type AxisRole = 'size' | 'spec' | 'colour' | 'platform';

export interface AxisValue {
  /** The attribute value as stored, e.g. '65 in', '256 GB', 'Midnight Blue'. */
  value: string;
  forms: Phrase;
  /** Letters and digits for model numbers and MPNs. */
  code: string;
  priceFactor: number;
}

/** A way one model comes in several products: colours, sizes, storage, platforms. */
export interface Axis {
  attribute: string;
  role: AxisRole;
  values: readonly AxisValue[];
  /** How many of the values one family is made in. */
  count: readonly [number, number];
  /** The value's code is part of the model number ({v}), as a TV's size is. */
  inModel?: boolean;
}

/** A property fixed for a whole family (a laptop's processor), shown as a feature. */
export interface FamilySpec {
  attribute: string;
  values: readonly Phrase[];
}

export type RetailerWeights = Partial<Record<DemoRetailerKey, number>>;

export interface LineWords {
  brand: string;
  /** Display name; `{series}` is replaced by the family's series. */
  name: string;
  series: string;
  /**
   * unique: every family gets a new series until the template runs out (then the line is
   * done); free: series repeat, the model number tells families apart; bundles: each series
   * once on its own, then again and again bundled with a game.
   */
  mode?: 'unique' | 'free' | 'bundles';
  /** Model number; null when the line has none (games). */
  model: string | null;
  /** MPN from {model} and {variant} (the variant codes); null: shops show none. */
  mpn?: string | null;
  /** Apple's own products: the MPN is an Apple part number, which is also its apple.com id. */
  applePart?: boolean;
  noun?: Phrase;
  features?: readonly Phrase[];
  /** Overrides the kind's family specs. */
  specs?: readonly FamilySpec[];
  axes?: readonly Axis[];
  priceFactor?: number;
  /**
   * List prices in dollars of series that are real, well-known models (before variant
   * factors), so a Galaxy Tab S10+ costs what one does; other lines price every family near
   * the line's base (the kind's typical price times priceFactor).
   */
  seriesPrices?: Readonly<Record<string, number>>;
  weight?: number;
  /** only: the retailers that carry it; must: retailers that always do; extra: added weights. */
  retailers?: {
    only?: readonly DemoRetailerKey[];
    must?: readonly DemoRetailerKey[];
    extra?: RetailerWeights;
  };
  /** Accessories: only for devices of these brands. */
  fitsBrands?: readonly string[];
}

export interface KindWords {
  kind: string;
  category: DemoCategory;
  /** How often families of this kind come up, relative to the others. */
  weight: number;
  noun: Phrase;
  features: readonly Phrase[];
  specs?: readonly FamilySpec[];
  axes: readonly Axis[];
  /** The family's list price range in dollars, before variant factors. */
  price: readonly [number, number];
  lines: readonly LineWords[];
  /** Overrides the category's retailer weights. */
  retailers?: RetailerWeights;
  /** Accessories: the device kinds they are made for ("Case for iPhone 15"). */
  fits?: readonly string[];
  neweggCategory: number;
  /** What Costco adds to make it a bundle. */
  bundles?: readonly string[];
}

// ---- axis builders ----

const colourSpellings: Record<string, readonly string[]> = {
  Black: ['Blk'],
  White: ['Wht'],
  Silver: ['Slv'],
  Gray: ['Grey', 'Gry'],
  Blue: ['Blu'],
  Green: ['Grn'],
  'Space Gray': ['Space Grey'],
  'Stainless Steel': ['Stainless', 'SS'],
  'Black Stainless Steel': ['Black Stainless', 'Blk Stainless'],
  'Midnight Black': ['Black'],
  'Phantom Black': ['Black'],
  'Carbon Black': ['Black'],
  'Matte Black': ['Black', 'Matte Blk'],
  Graphite: ['Graphite Gray'],
  'Crystal Clear': ['Clear'],
  'Midnight Blue': ['Navy'],
};

function codeFor(name: string, taken: Set<string>): string {
  const words = name.toUpperCase().match(/[A-Z0-9]+/g) ?? ['X'];
  const first = words[0];
  const candidates = [
    words.length > 1 ? words.map((word) => word[0]).join('') : first.slice(0, 2),
    first[0]! + first[first.length - 1]!,
    first.slice(0, 3),
    words.join('').slice(0, 4),
  ];
  for (const candidate of candidates) {
    if (!taken.has(candidate)) return candidate;
  }
  let suffix = 2;
  while (taken.has(`${candidates[0]}${suffix}`)) suffix++;
  return `${candidates[0]}${suffix}`;
}

function colours(names: readonly string[], count: readonly [number, number]): Axis {
  const taken = new Set<string>();
  return {
    attribute: 'colour',
    role: 'colour',
    count,
    values: names.map((name) => {
      const code = codeFor(name, taken);
      taken.add(code);
      return { value: name, forms: [name, ...(colourSpellings[name] ?? [])], code, priceFactor: 1 };
    }),
  };
}

type Unit = 'in' | 'qt' | 'mm' | 'ft' | 'W' | 'mAh' | 'GB' | 'cuft' | 'pack' | 'pc' | 'cup';

function unitValue(unit: Unit, amount: number): Omit<AxisValue, 'priceFactor'> {
  const n = String(amount);
  const code = n.replace('.', '');
  switch (unit) {
    case 'in':
      return {
        value: `${n} in`,
        forms: [`${n}"`, `${n} Inch`, `${n}-Inch`, `${n}" Class`, `${n}in`],
        code,
      };
    case 'qt':
      return { value: `${n} qt`, forms: [`${n} Qt`, `${n}-Quart`, `${n} Quart`, `${n}QT`], code };
    case 'mm':
      return { value: `${n} mm`, forms: [`${n}mm`, `${n} mm`], code };
    case 'ft':
      return { value: `${n} ft`, forms: [`${n} ft`, `${n}ft`, `${n} Feet`, `${n}'`], code };
    case 'W':
      return { value: `${n} W`, forms: [`${n}W`, `${n} Watt`, `${n}-Watt`], code };
    case 'mAh':
      return { value: `${n} mAh`, forms: [`${n}mAh`, `${n} mAh`], code: code.slice(0, -3) || code };
    case 'GB':
      return amount >= 1024
        ? {
            value: `${amount / 1024} TB`,
            forms: [`${amount / 1024}TB`, `${amount / 1024} TB`],
            code: `${amount / 1024}T`,
          }
        : { value: `${n} GB`, forms: [`${n}GB`, `${n} GB`], code: `${n}G` };
    case 'cuft':
      return {
        value: `${n} cu ft`,
        forms: [`${n} cu. ft.`, `${n} Cu. Ft.`, `${n} cu ft`, `${n}-cu ft`],
        code,
      };
    case 'pack':
      return {
        value: `${n}-pack`,
        forms: [`${n}-Pack`, `${n} Pack`, `(Pack of ${n})`, `${n}pk`],
        code: `P${n}`,
      };
    case 'pc':
      return {
        value: `${n} pieces`,
        forms: [`${n}-Piece`, `${n} Piece`, `${n}pc`, `${n}-Pc.`],
        code: `${n}PC`,
      };
    case 'cup':
      return { value: `${n} cups`, forms: [`${n}-Cup`, `${n} Cup`, `${n}-Cups`], code: `${n}C` };
  }
}

function measures(
  attribute: string,
  role: AxisRole,
  unit: Unit,
  entries: readonly (readonly [number, number])[],
  count: readonly [number, number],
  inModel = false,
): Axis {
  return {
    attribute,
    role,
    count,
    inModel,
    values: entries.map(([amount, priceFactor]) => ({ ...unitValue(unit, amount), priceFactor })),
  };
}

function labels(
  attribute: string,
  role: AxisRole,
  entries: readonly (readonly [Phrase, string, number])[],
  count: readonly [number, number],
): Axis {
  return {
    attribute,
    role,
    count,
    values: entries.map(([forms, code, priceFactor]) => ({
      value: forms[0]!,
      forms,
      code,
      priceFactor,
    })),
  };
}

// ---- shared axes and words ----

const phoneStorage = measures(
  'storage',
  'spec',
  'GB',
  [
    [128, 1],
    [256, 1.12],
    [512, 1.35],
    [1024, 1.6],
  ],
  [1, 3],
);

const tabletStorage = measures(
  'storage',
  'spec',
  'GB',
  [
    [64, 0.85],
    [128, 1],
    [256, 1.2],
    [512, 1.45],
  ],
  [1, 3],
);

const laptopConfigs = labels(
  'configuration',
  'spec',
  [
    [
      ['8GB RAM, 256GB SSD', '8GB/256GB', '8GB Memory 256GB SSD', '8 GB RAM 256 GB SSD'],
      'C8256',
      0.85,
    ],
    [
      ['16GB RAM, 512GB SSD', '16GB/512GB', '16GB Memory 512GB SSD', '16 GB RAM 512 GB SSD'],
      'C16512',
      1,
    ],
    [['16GB RAM, 1TB SSD', '16GB/1TB', '16GB Memory 1TB SSD', '16 GB RAM 1 TB SSD'], 'C161T', 1.15],
    [['32GB RAM, 1TB SSD', '32GB/1TB', '32GB Memory 1TB SSD', '32 GB RAM 1 TB SSD'], 'C321T', 1.4],
  ],
  [1, 3],
);

const macConfigs = labels(
  'configuration',
  'spec',
  [
    [['16GB Unified Memory, 256GB SSD', '16GB/256GB', '16GB RAM 256GB SSD'], 'U16256', 1],
    [['16GB Unified Memory, 512GB SSD', '16GB/512GB', '16GB RAM 512GB SSD'], 'U16512', 1.2],
    [['24GB Unified Memory, 512GB SSD', '24GB/512GB', '24GB RAM 512GB SSD'], 'U24512', 1.4],
    [['24GB Unified Memory, 1TB SSD', '24GB/1TB', '24GB RAM 1TB SSD'], 'U241T', 1.6],
  ],
  [1, 3],
);

const gamePlatforms = {
  ps5: [['PlayStation 5', 'PS5'], 'PS5', 1],
  ps4: [['PlayStation 4', 'PS4'], 'PS4', 0.85],
  xsx: [['Xbox Series X|S', 'Xbox Series X', 'XSX'], 'XSX', 1],
  xb1: [['Xbox One', 'XB1'], 'XB1', 0.85],
  switch: [['Nintendo Switch', 'Switch', 'NSW'], 'NSW', 1],
  switch2: [['Nintendo Switch 2', 'Switch 2', 'NS2'], 'NS2', 1.15],
  pc: [['PC', 'Windows PC', 'PC Windows'], 'PC', 0.9],
} as const satisfies Record<string, readonly [Phrase, string, number]>;

function platforms(keys: readonly (keyof typeof gamePlatforms)[], max: number): Axis {
  return labels(
    'platform',
    'platform',
    keys.map((key) => gamePlatforms[key]),
    [1, Math.min(max, keys.length)],
  );
}

const gameEditions = labels(
  'edition',
  'spec',
  [
    [['Standard Edition', 'Standard'], 'STD', 1],
    [['Deluxe Edition', 'Deluxe'], 'DLX', 1.4],
    [['Gold Edition', 'Gold'], 'GLD', 1.6],
    [['Collector\u2019s Edition', "Collector's Edition", 'Collectors'], 'CE', 2.8],
  ],
  [1, 2],
);

/** Invented game names; consoles also come bundled with them. */
export const gameNameTemplate =
  '[Crimson|Silent|Eternal|Hollow|Iron|Neon|Savage|Frozen|Shattered|Last|Wild|Distant|Golden|Broken|Rising|Fallen|Hidden|Burning|Silver|Sacred|Midnight|Lost|Starlit|Ashen] [Frontier|Legion|Horizon|Dynasty|Tides|Circuit|Kingdom|Outlaws|Drift|Vanguard|Echoes|Empire|Harbor|Protocol|Requiem|Odyssey|Skies|Valley|Crown|Engine|Bloodline|Mirage|Citadel|Rally][| II| III|: Reborn|: Origins|: Ascension|: Reckoning|: Nightfall|: Legacy|: Uprising|: Eclipse|: Exodus| Remastered| Zero|: Dawn|: Frontlines]';

const wireless: Phrase = ['Wireless', 'WL'];
const bluetooth: Phrase = ['Bluetooth', 'BT'];
const noiseCancelling: Phrase = ['Noise Cancelling', 'Noise Canceling', 'NC'];
const activeNoiseCancelling: Phrase = ['Active Noise Cancelling', 'Active Noise Canceling', 'ANC'];

const appleOnly = { must: ['apple'] as const };
const playStationOnly = { must: ['playstation'] as const };

// ---- the kinds ----

export const demoKinds: readonly KindWords[] = [
  // ---------------- electronics ----------------
  {
    kind: 'tv',
    category: 'electronics',
    weight: 8,
    noun: ['TV', 'Smart TV', 'Television'],
    features: [
      ['HDR10+', 'HDR'],
      ['Dolby Vision', 'DV'],
      ['Dolby Atmos', 'Atmos'],
      ['120Hz', '120 Hz'],
      ['Alexa Built-in', 'Alexa'],
      ['HDMI 2.1'],
      ['Game Mode', 'Gaming'],
    ],
    axes: [
      measures(
        'screenSize',
        'size',
        'in',
        [
          [43, 0.45],
          [50, 0.55],
          [55, 0.65],
          [65, 1],
          [75, 1.45],
          [85, 2.2],
        ],
        [2, 4],
        true,
      ),
    ],
    price: [499, 1799],
    neweggCategory: 89,
    bundles: ['3-Year Protection Plan', 'Soundbar', 'Wall Mount'],
    lines: [
      {
        brand: 'Samsung',
        name: 'Crystal UHD {series}',
        series: '[CU|DU][6|7|8]#00',
        model: 'UN{v}{series}',
        mpn: '{model}FXZA',
        features: [
          ['4K UHD', '4K Ultra HD', '4K'],
          ['Tizen', 'Tizen OS'],
        ],
        priceFactor: 0.55,
        weight: 2,
      },
      {
        brand: 'Samsung',
        name: 'QLED 4K {series}',
        series: 'Q[6|7|8]#[C|D|F]',
        model: 'QN{v}{series}',
        mpn: '{model}AFXZA',
        features: [['QLED'], ['4K UHD', '4K Ultra HD', '4K']],
        weight: 2,
      },
      {
        brand: 'Samsung',
        name: 'Neo QLED 4K {series}',
        series: 'QN[8|9][0|5][C|D|F]',
        model: 'QN{v}{series}',
        mpn: '{model}AFXZA',
        features: [
          ['Neo QLED', 'Mini LED'],
          ['4K UHD', '4K'],
        ],
        priceFactor: 1.6,
      },
      {
        brand: 'Samsung',
        name: 'OLED {series}',
        series: 'S[8|9][0|5][C|D|F]',
        model: 'QN{v}{series}',
        mpn: '{model}AFXZA',
        features: [['OLED'], ['4K UHD', '4K']],
        priceFactor: 1.9,
      },
      {
        brand: 'LG',
        name: 'OLED evo {series}',
        series: '[A|B|C|G|M][2|3|4|5]',
        model: 'OLED{v}{series}PUA',
        features: [['OLED'], ['4K UHD', '4K'], ['webOS', 'webOS Smart TV']],
        priceFactor: 1.9,
      },
      {
        brand: 'LG',
        name: 'QNED{series}',
        series: '[7|8|9][0|5][T|U|S|A]',
        model: '{v}QNED{series}RA',
        features: [['QNED', 'Quantum Dot NanoCell'], ['4K UHD', '4K'], ['webOS']],
      },
      {
        brand: 'LG',
        name: 'UHD {series}',
        series: '[UQ|UR|UT][7|8|9]#00',
        model: '{v}{series}PUA',
        features: [['4K UHD', '4K Ultra HD', '4K'], ['webOS']],
        priceFactor: 0.55,
      },
      {
        brand: 'Sony',
        name: 'BRAVIA XR {series}',
        series: '[A|X][7|8|9][0|5][J|K|L]',
        model: 'XR{v}{series}',
        features: [['4K HDR', '4K'], ['Google TV']],
        priceFactor: 1.6,
      },
      {
        brand: 'Sony',
        name: 'BRAVIA {series}',
        series: 'X[7|8][0|5][J|K|L]',
        model: 'KD{v}{series}',
        features: [['4K Ultra HD', '4K UHD', '4K'], ['Google TV']],
        priceFactor: 0.8,
      },
      {
        brand: 'TCL',
        name: '{series}',
        series: '[Q|QM|S][4|5|6|7|8]#[0|5][G|K|R]',
        model: '{v}{series}',
        features: [
          ['QLED', 'Quantum Dot'],
          ['Google TV', 'Roku TV'],
        ],
        priceFactor: 0.55,
        weight: 2,
      },
      {
        brand: 'Hisense',
        name: '{series}',
        series: '[U|A|QD][6|7|8|9][H|K|N|R]',
        model: '{v}{series}',
        features: [
          ['ULED', 'Mini-LED ULED'],
          ['Fire TV', 'Google TV', 'VIDAA'],
        ],
        priceFactor: 0.6,
      },
      {
        brand: 'VIZIO',
        name: '{series}-Series',
        series: '[V|M|P|MQ]',
        mode: 'free',
        model: '{series}{v}[Q|]%-[J|K|L|M]0%',
        features: [
          ['SmartCast', 'SmartCast TV'],
          ['4K UHD', '4K'],
        ],
        priceFactor: 0.5,
      },
      {
        brand: 'Insignia',
        name: '{series} Series',
        series: 'F[2|3|4|5]0',
        mode: 'free',
        model: 'NS-{v}{series}%NA2[3|4|5]',
        features: [
          ['Fire TV', 'Smart Fire TV'],
          ['4K UHD', '4K'],
        ],
        priceFactor: 0.4,
        retailers: { only: ['bestbuy', 'amazon', 'ebay'] },
      },
    ],
  },
  {
    kind: 'monitor',
    category: 'electronics',
    weight: 5,
    noun: ['Monitor', 'Computer Monitor', 'Display'],
    features: [
      ['IPS', 'IPS Panel'],
      ['1ms', '1 ms'],
      ['FreeSync Premium', 'FreeSync'],
      ['G-SYNC Compatible', 'G-Sync'],
      ['USB-C', 'USB Type-C'],
      ['HDR400', 'DisplayHDR 400'],
      ['Height Adjustable', 'Adjustable Stand'],
    ],
    specs: [
      {
        attribute: 'resolution',
        values: [
          ['QHD 2560 x 1440', 'QHD', '1440p'],
          ['4K UHD 3840 x 2160', '4K UHD', '4K'],
          ['FHD 1920 x 1080', 'Full HD', '1080p'],
        ],
      },
      {
        attribute: 'refreshRate',
        values: [
          ['165Hz', '165 Hz'],
          ['144Hz', '144 Hz'],
          ['240Hz', '240 Hz'],
          ['75Hz', '75 Hz'],
        ],
      },
    ],
    axes: [
      measures(
        'screenSize',
        'size',
        'in',
        [
          [24, 0.7],
          [27, 1],
          [32, 1.35],
          [34, 1.6],
        ],
        [1, 2],
        true,
      ),
    ],
    price: [179, 549],
    neweggCategory: 24,
    lines: [
      {
        brand: 'Dell',
        name: '{series}',
        series: '[S|G|P|SE]{v}#%[D|H|Q][G|F|]',
        model: '{series}',
        noun: ['Gaming Monitor', 'Monitor', 'LED Monitor'],
        weight: 2,
      },
      {
        brand: 'LG',
        name: 'UltraGear {series}',
        series: '{v}GR#%[Q|U|A]-B',
        model: '{series}',
        noun: ['Gaming Monitor', 'Monitor'],
      },
      {
        brand: 'ASUS',
        name: 'TUF Gaming {series}',
        series: 'VG{v}[A|W|Q][Q|L|M][1A|]',
        model: '{series}',
        noun: ['Gaming Monitor', 'Monitor'],
      },
      {
        brand: 'Samsung',
        name: 'Odyssey {series}',
        series: 'G[3|5|6|7|8|9]',
        mode: 'free',
        model: 'LS{v}[A|B|C|D]G%#[N|E]@XXA',
        noun: ['Gaming Monitor', 'Curved Gaming Monitor', 'Monitor'],
        priceFactor: 1.4,
      },
      {
        brand: 'Acer',
        name: 'Nitro {series}',
        series: 'XV{v}[1|2|3|4][Q|U|K] [P|M|X]bmiiprx',
        model: 'UM.[H|J]X#AA.[P|V|X]##',
        noun: ['Gaming Monitor', 'Monitor'],
        priceFactor: 0.85,
      },
      {
        brand: 'MSI',
        name: 'MAG {series}',
        series: '{v}#[C|Q|U][P|F|R|X]',
        model: 'MAG{series}',
        noun: ['Gaming Monitor', 'Monitor'],
      },
    ],
  },
  {
    kind: 'laptop',
    category: 'electronics',
    weight: 5,
    noun: ['Laptop', 'Laptop Computer', 'Notebook'],
    features: [
      ['Windows 11 Home', 'Win 11', 'W11H'],
      ['Backlit Keyboard'],
      ['Fingerprint Reader'],
      ['Wi-Fi 6', 'WiFi 6'],
      ['Touchscreen', 'Touch'],
    ],
    specs: [
      {
        attribute: 'processor',
        values: [
          ['Intel Core i5-1335U', 'Core i5', 'i5'],
          ['Intel Core i7-1355U', 'Core i7', 'i7'],
          ['Intel Core Ultra 7 155H', 'Core Ultra 7', 'Ultra 7'],
          ['AMD Ryzen 5 7530U', 'Ryzen 5', 'R5'],
          ['AMD Ryzen 7 7735HS', 'Ryzen 7', 'R7'],
          ['Snapdragon X Plus', 'Snapdragon X'],
        ],
      },
      {
        attribute: 'screenSize',
        values: [
          ['15.6" FHD', '15.6 inch', '15.6"'],
          ['14" FHD+', '14 inch', '14"'],
          ['16" WUXGA', '16 inch', '16"'],
          ['13.3" FHD', '13.3 inch', '13.3"'],
        ],
      },
    ],
    axes: [laptopConfigs, colours(['Silver', 'Black', 'Blue', 'Gray'], [1, 1])],
    price: [549, 1299],
    neweggCategory: 34,
    bundles: ['Microsoft 365 Personal', 'Laptop Sleeve'],
    lines: [
      {
        brand: 'Dell',
        name: 'Inspiron 1[4|5|6] {series}',
        series: '[3|5|7]#[2|3|4]0',
        model: 'i{series}-%###[BLK|SLV|BLU]-PUS',
        weight: 2,
      },
      {
        brand: 'HP',
        name: '[Pavilion|Envy|Victus|OmniBook] {series}',
        series: '1[4|5|6]-[e|f|fb|eg|ey]#%##[dx|nr|wm]',
        mode: 'free',
        model: '%@#@#UA#ABA',
        weight: 2,
      },
      {
        brand: 'Lenovo',
        name: '{series}',
        series:
          '[IdeaPad Slim 3|IdeaPad Slim 5|IdeaPad Flex 5|Yoga 7|Legion 5|LOQ] 1[4|5|6][IRU|ABR|IAH|AHP][8|9]',
        model: '8[2|3]@@00##US',
        weight: 2,
      },
      {
        brand: 'ASUS',
        name: '{series}',
        series: '[Vivobook 15|Vivobook 16|Zenbook 14|ROG Strix G16|TUF Gaming A15]',
        mode: 'free',
        model: '[X|K|UX|G|FA]#%##[VA|EA|JV|U|XV]-[AS|DS|ES]##',
      },
      {
        brand: 'Acer',
        name: '{series}',
        series: '[Aspire 3|Aspire 5|Swift Go 14|Nitro V 15|Predator Helios Neo 16]',
        mode: 'free',
        model: '[A|SFG|ANV|PHN]1%-%#-[5|7]#[A|W|Q]%',
      },
      {
        brand: 'Microsoft',
        name: '{series}',
        series:
          '[Surface Laptop 5|Surface Laptop 6|Surface Laptop 7|Surface Laptop Go 3|Surface Pro 10]',
        model: '[R|Z|Y][B|X|T]#-#####',
        noun: ['Laptop', 'Touchscreen Laptop', '2-in-1 Laptop'],
        priceFactor: 1.3,
        axes: [laptopConfigs, colours(['Platinum', 'Black', 'Sapphire', 'Dune'], [1, 2])],
      },
      {
        brand: 'Apple',
        name: '{series}',
        series:
          '[MacBook Air 13-inch (M2)|MacBook Air 13-inch (M3)|MacBook Air 15-inch (M3)|MacBook Air 13-inch (M4)|MacBook Air 15-inch (M4)|MacBook Pro 14-inch (M3)|MacBook Pro 14-inch (M4)|MacBook Pro 16-inch (M4 Pro)]',
        seriesPrices: {
          'MacBook Air 13-inch (M2)': 999,
          'MacBook Air 13-inch (M3)': 1099,
          'MacBook Air 15-inch (M3)': 1299,
          'MacBook Air 13-inch (M4)': 999,
          'MacBook Air 15-inch (M4)': 1199,
          'MacBook Pro 14-inch (M3)': 1599,
          'MacBook Pro 14-inch (M4)': 1599,
          'MacBook Pro 16-inch (M4 Pro)': 2499,
        },
        model: 'A[2|3]###',
        applePart: true,
        noun: ['Laptop', 'Notebook'],
        features: [['Apple Silicon', 'M-series chip']],
        axes: [
          macConfigs,
          colours(['Midnight', 'Starlight', 'Silver', 'Space Gray', 'Sky Blue'], [1, 3]),
        ],
        priceFactor: 1.4,
        retailers: appleOnly,
      },
    ],
  },
  {
    kind: 'headphones',
    category: 'electronics',
    weight: 5,
    noun: ['Headphones', 'Over-Ear Headphones', 'Over-the-Ear Headphones', 'Headphone'],
    features: [
      wireless,
      bluetooth,
      noiseCancelling,
      ['30-Hour Battery', '30H Battery'],
      ['Hi-Res Audio'],
      ['Built-in Mic', 'with Mic'],
    ],
    axes: [
      colours(['Black', 'Silver', 'Midnight Blue', 'Smoky Pink', 'White', 'Sandstone'], [1, 3]),
    ],
    price: [79, 399],
    neweggCategory: 36,
    bundles: ['Travel Case', 'Bonus Charging Cable'],
    lines: [
      {
        brand: 'Sony',
        name: '{series}',
        series: 'WH-%000XM%',
        model: '{series}',
        mpn: '{model}/{variant}',
        features: [wireless, noiseCancelling],
        priceFactor: 1.4,
      },
      {
        brand: 'Sony',
        name: '{series}',
        series: 'WH-CH%#0N',
        model: '{series}',
        mpn: '{model}/{variant}',
        features: [wireless],
        priceFactor: 0.45,
      },
      {
        brand: 'Bose',
        name: '{series}',
        series:
          '[QuietComfort Ultra|QuietComfort 45|QuietComfort SC|Noise Cancelling Headphones 700|SoundLink Around-Ear II]',
        model: '8[8|9]####-0#00',
        features: [noiseCancelling],
        priceFactor: 1.3,
      },
      {
        brand: 'Sennheiser',
        name: 'MOMENTUM {series}',
        series: '[3|4|4 Wireless|Wireless|True]',
        model: 'M%AEBT',
        priceFactor: 1.3,
      },
      {
        brand: 'JBL',
        name: '{series}',
        series: '[Tune|Live|Tour One] %#0[BT|NC|]',
        mode: 'free',
        model: 'JBL[T|L|TO]%#[0|5][BT|NC]@@@',
        priceFactor: 0.5,
        weight: 2,
      },
      {
        brand: 'Audio-Technica',
        name: 'ATH-{series}',
        series: '[M|MSR|M50x|S]%#[x|xBT|BT2|]',
        model: 'ATH-{series}',
        features: [['Studio Monitor', 'Professional Studio']],
        priceFactor: 0.6,
      },
      {
        brand: 'Beats',
        name: '{series}',
        series: '[Studio Pro|Solo 4|Solo3]',
        model: 'MQ#@#',
        features: [wireless],
        priceFactor: 1.2,
        retailers: { extra: { apple: 8 } },
      },
      {
        brand: 'Apple',
        name: 'AirPods Max ({series})',
        series: '[USB-C|Lightning]',
        seriesPrices: { 'USB-C': 549, Lightning: 549 },
        model: 'A2[0|9]#%',
        applePart: true,
        features: [activeNoiseCancelling],
        priceFactor: 1.6,
        retailers: appleOnly,
        axes: [colours(['Midnight', 'Starlight', 'Blue', 'Purple', 'Orange'], [2, 4])],
      },
      {
        brand: 'Skullcandy',
        name: '{series}',
        series: '[Crusher|Hesh|Riff] [Evo|ANC 2|Wireless|]',
        mode: 'free',
        model: 'S6[EV|HT|PP]W-@###',
        priceFactor: 0.5,
      },
    ],
  },
  {
    kind: 'earbuds',
    category: 'electronics',
    weight: 5,
    noun: ['Earbuds', 'True Wireless Earbuds', 'In-Ear Headphones', 'Wireless Earbuds'],
    features: [
      bluetooth,
      activeNoiseCancelling,
      ['IPX4', 'Water Resistant'],
      ['Wireless Charging Case', 'Wireless Charging'],
      ['Spatial Audio'],
    ],
    axes: [colours(['Black', 'White', 'Silver', 'Graphite', 'Lavender', 'Olive'], [1, 3])],
    price: [49, 279],
    neweggCategory: 36,
    bundles: ['Silicone Case Cover', 'Ear Tip Kit'],
    lines: [
      {
        brand: 'Apple',
        name: '{series}',
        series: '[AirPods 4|AirPods 4 with Active Noise Cancellation|AirPods Pro 2|AirPods Pro 3]',
        seriesPrices: {
          'AirPods 4': 129,
          'AirPods 4 with Active Noise Cancellation': 179,
          'AirPods Pro 2': 249,
          'AirPods Pro 3': 249,
        },
        model: 'A3[0|1]##',
        applePart: true,
        priceFactor: 1.3,
        axes: [colours(['White'], [1, 1])],
        retailers: appleOnly,
        weight: 2,
        noun: ['', 'Wireless Earbuds', 'Earbuds'],
      },
      {
        brand: 'Samsung',
        name: 'Galaxy Buds{series}',
        series: '[2|3|FE|2 Pro|3 Pro|Live]',
        model: 'SM-R%##',
        mpn: '{model}NZ{variant}AXAR',
        priceFactor: 1,
      },
      {
        brand: 'Sony',
        name: '{series}',
        series: 'WF-%000XM%',
        model: '{series}',
        mpn: '{model}/{variant}',
        priceFactor: 1.3,
      },
      {
        brand: 'Jabra',
        name: 'Elite {series}',
        series: '[3|4|5|7 Pro|8 Active|10]',
        model: '100-99[1|2]##%00-98',
        priceFactor: 0.9,
      },
      {
        brand: 'Google',
        name: 'Pixel Buds {series}',
        series: '[A-Series|Pro|Pro 2]',
        model: 'G@##@',
        priceFactor: 1.1,
        axes: [colours(['Porcelain', 'Hazel', 'Obsidian', 'Peony', 'Wintergreen'], [1, 3])],
      },
      {
        brand: 'Soundcore',
        name: '{series}',
        series: '[Liberty|Space|Life|Sport] [4|4 NC|A40|P3|Note 3i|X20]',
        mode: 'free',
        model: 'A39#%-##[1|2|3]',
        priceFactor: 0.45,
        weight: 2,
      },
      {
        brand: 'Beats',
        name: '{series}',
        series: '[Studio Buds +|Fit Pro|Powerbeats Pro 2|Solo Buds]',
        model: 'MT#@#',
        priceFactor: 1.1,
        retailers: { extra: { apple: 8 } },
      },
    ],
  },
  {
    kind: 'tablet',
    category: 'electronics',
    weight: 3,
    noun: ['Tablet', 'Android Tablet', 'Tab'],
    features: [
      ['Wi-Fi', 'WiFi'],
      ['Octa-Core'],
      ['Long Battery Life'],
      ['S Pen Included', 'with S Pen'],
    ],
    axes: [tabletStorage, colours(['Graphite', 'Silver', 'Gray', 'Blue', 'Mint'], [1, 2])],
    price: [149, 799],
    neweggCategory: 34,
    lines: [
      {
        brand: 'Apple',
        name: '{series}',
        series:
          '[iPad (10th generation)|iPad (A16)|iPad Air 11-inch (M2)|iPad Air 13-inch (M2)|iPad Air 11-inch (M3)|iPad Pro 11-inch (M4)|iPad Pro 13-inch (M4)|iPad mini (A17 Pro)]',
        seriesPrices: {
          'iPad (10th generation)': 349,
          'iPad (A16)': 349,
          'iPad Air 11-inch (M2)': 599,
          'iPad Air 13-inch (M2)': 799,
          'iPad Air 11-inch (M3)': 599,
          'iPad Pro 11-inch (M4)': 999,
          'iPad Pro 13-inch (M4)': 1299,
          'iPad mini (A17 Pro)': 499,
        },
        model: 'A[2|3]###',
        applePart: true,
        noun: ['', 'Tablet', 'iPad'],
        features: [
          ['Wi-Fi', 'WiFi'],
          ['Liquid Retina Display', 'Liquid Retina'],
        ],
        axes: [
          tabletStorage,
          colours(['Space Gray', 'Silver', 'Blue', 'Purple', 'Starlight', 'Pink'], [1, 3]),
        ],
        priceFactor: 1.1,
        retailers: appleOnly,
        weight: 2,
      },
      {
        brand: 'Samsung',
        name: 'Galaxy Tab {series}',
        series: '[S9|S9 FE|S10|S10+|A9|A9+|S10 Ultra|S9 FE+]',
        seriesPrices: {
          S9: 799,
          'S9 FE': 449,
          S10: 899,
          'S10+': 999,
          A9: 159,
          'A9+': 219,
          'S10 Ultra': 1199,
          'S9 FE+': 599,
        },
        model: 'SM-X%#0',
        mpn: '{model}NZ{variant}XAR',
      },
      {
        brand: 'Amazon',
        name: 'Fire {series}',
        series: '[HD 8|HD 10|Max 11|HD 8 Plus|HD 10 Kids]',
        model: '[B0|K7|T7]@##',
        noun: ['Tablet', 'Tablet'],
        priceFactor: 0.3,
        retailers: { extra: { amazon: 20 } },
      },
      {
        brand: 'Lenovo',
        name: 'Tab {series}',
        series: '[M|P|K]1[0|1|2]#[| Plus| Pro| HD]',
        mode: 'free',
        model: 'ZA[A|B|C]@00##US',
        priceFactor: 0.5,
      },
    ],
  },
  {
    kind: 'smartphone',
    category: 'electronics',
    weight: 4,
    noun: ['Smartphone', 'Cell Phone', 'Phone'],
    features: [
      ['Unlocked', 'Factory Unlocked'],
      ['5G'],
      ['Dual SIM'],
      ['Triple Camera', '50MP Camera'],
    ],
    axes: [phoneStorage, colours(['Black', 'Blue', 'Green', 'Pink', 'Lavender', 'Cream'], [1, 3])],
    price: [249, 999],
    neweggCategory: 75,
    lines: [
      {
        brand: 'Apple',
        name: '{series}',
        series:
          '[iPhone 15|iPhone 15 Plus|iPhone 15 Pro|iPhone 15 Pro Max|iPhone 16|iPhone 16 Plus|iPhone 16 Pro|iPhone 16 Pro Max|iPhone 16e|iPhone 17|iPhone 17 Pro]',
        seriesPrices: {
          'iPhone 15': 729,
          'iPhone 15 Plus': 829,
          'iPhone 15 Pro': 999,
          'iPhone 15 Pro Max': 1199,
          'iPhone 16': 799,
          'iPhone 16 Plus': 899,
          'iPhone 16 Pro': 999,
          'iPhone 16 Pro Max': 1199,
          'iPhone 16e': 599,
          'iPhone 17': 799,
          'iPhone 17 Pro': 1099,
        },
        model: 'A3###',
        applePart: true,
        noun: ['', 'Smartphone', 'iPhone'],
        axes: [
          phoneStorage,
          colours(
            [
              'Black',
              'White',
              'Natural Titanium',
              'Desert Titanium',
              'Blue',
              'Pink',
              'Teal',
              'Ultramarine',
            ],
            [1, 3],
          ),
        ],
        priceFactor: 1.2,
        retailers: appleOnly,
        weight: 2,
      },
      {
        brand: 'Samsung',
        name: 'Galaxy {series}',
        series: '[S2%|S2% Ultra|S2%+|A%5|Z Flip%|Z Fold%|S2% FE]',
        model: 'SM-[S|A|F]9#%U',
        mpn: '{model}Z{variant}AXAA',
        axes: [
          phoneStorage,
          colours(
            ['Phantom Black', 'Titanium Gray', 'Icy Blue', 'Mint', 'Cream', 'Violet'],
            [1, 3],
          ),
        ],
        weight: 2,
      },
      {
        brand: 'Google',
        name: 'Pixel {series}',
        series: '[7|8|9|10][| Pro| Pro XL| Pro Fold|a]',
        model: 'G@##@',
        axes: [
          phoneStorage,
          colours(['Obsidian', 'Porcelain', 'Hazel', 'Bay', 'Rose', 'Peony'], [1, 3]),
        ],
      },
      {
        brand: 'Motorola',
        name: 'moto {series}',
        series: '[g|edge|razr] [power|stylus|play|] 202[3|4|5]',
        mode: 'free',
        model: 'XT2#%#-%',
        priceFactor: 0.35,
      },
      {
        brand: 'OnePlus',
        name: '{series}',
        series: '[1%|Nord N%0|1%R|Open]',
        model: '[CPH|NE][2|3]#%#',
        priceFactor: 0.8,
      },
    ],
  },
  {
    kind: 'smartwatch',
    category: 'electronics',
    weight: 3,
    noun: ['Smartwatch', 'Smart Watch', 'Fitness Tracker Watch'],
    features: [
      ['GPS'],
      ['Heart Rate Monitor', 'Heart Rate'],
      ['Sleep Tracking'],
      ['Water Resistant', 'Waterproof'],
      ['Always-On Display', 'AOD'],
    ],
    axes: [
      measures(
        'caseSize',
        'size',
        'mm',
        [
          [40, 0.92],
          [41, 0.95],
          [42, 0.95],
          [44, 1.03],
          [45, 1.05],
          [46, 1.08],
        ],
        [1, 2],
      ),
      colours(['Black', 'Silver', 'Gold', 'Graphite', 'Pink Gold', 'Green'], [1, 2]),
    ],
    price: [149, 499],
    neweggCategory: 75,
    lines: [
      {
        brand: 'Apple',
        name: '{series}',
        series:
          '[Apple Watch Series 9 GPS|Apple Watch Series 10 GPS|Apple Watch SE GPS|Apple Watch Series 10 GPS + Cellular|Apple Watch Ultra 2]',
        seriesPrices: {
          'Apple Watch Series 9 GPS': 399,
          'Apple Watch Series 10 GPS': 399,
          'Apple Watch SE GPS': 249,
          'Apple Watch Series 10 GPS + Cellular': 499,
          'Apple Watch Ultra 2': 799,
        },
        model: 'A2###',
        applePart: true,
        noun: ['', 'Smartwatch', 'Smart Watch'],
        axes: [
          measures(
            'caseSize',
            'size',
            'mm',
            [
              [40, 0.92],
              [42, 0.95],
              [44, 1.03],
              [46, 1.08],
            ],
            [1, 2],
          ),
          colours(['Midnight', 'Starlight', 'Silver', 'Jet Black', 'Rose Gold'], [1, 2]),
        ],
        retailers: appleOnly,
        weight: 2,
      },
      {
        brand: 'Samsung',
        name: 'Galaxy Watch{series}',
        series: '[6|7|FE|Ultra|6 Classic]',
        model: 'SM-R%#0',
        mpn: '{model}NZ{variant}XAA',
      },
      {
        brand: 'Garmin',
        name: '{series}',
        series: '[Forerunner 2%5|Venu %|fenix %|vivoactive %|Instinct %]',
        mode: 'free',
        model: '010-0##%#-0#',
        weight: 2,
      },
      {
        brand: 'Fitbit',
        name: '{series}',
        series: '[Versa %|Sense %|Charge %]',
        model: 'FB5##@@@',
        priceFactor: 0.6,
      },
    ],
  },
  {
    kind: 'speaker',
    category: 'electronics',
    weight: 3,
    noun: ['Bluetooth Speaker', 'Portable Speaker', 'Wireless Speaker', 'Speaker'],
    features: [
      ['Waterproof', 'IP67 Waterproof'],
      ['Portable'],
      ['12-Hour Battery', '12H Playtime'],
      ['PartyBoost', 'Party Mode'],
    ],
    axes: [colours(['Black', 'Blue', 'Red', 'Teal', 'Gray', 'Pink', 'Camo'], [1, 4])],
    price: [39, 249],
    neweggCategory: 82,
    lines: [
      {
        brand: 'JBL',
        name: '{series}',
        series: '[Flip|Charge|Clip|Go|Xtreme|Boombox] %',
        model: 'JBL{series}',
        mpn: '{model}{variant}AM',
        weight: 3,
      },
      {
        brand: 'Bose',
        name: 'SoundLink {series}',
        series: '[Flex|Micro|Max|Revolve+ II|Home]',
        model: '8[6|7]####-0#00',
        priceFactor: 1.3,
      },
      {
        brand: 'Ultimate Ears',
        name: '{series}',
        series: '[BOOM|MEGABOOM|WONDERBOOM|EVERBOOM] %',
        model: '984-00####',
      },
      {
        brand: 'Sony',
        name: '{series}',
        series: '[SRS-XB|SRS-XE|ULT Field ]%#',
        model: 'SRS-[XB|XE|ULT]%#',
        mpn: '{model}/{variant}',
      },
      {
        brand: 'Soundcore',
        name: '{series}',
        series: '[Motion|Boom|Flare] %[+|| Pro]',
        mode: 'free',
        model: 'A31#%-##[1|2|3]',
        priceFactor: 0.5,
      },
      {
        brand: 'Marshall',
        name: '{series}',
        series: '[Emberton|Middleton|Willen|Kilburn] [II|III|]',
        model: '10[0|1]####',
        priceFactor: 1.2,
      },
    ],
  },
  {
    kind: 'soundbar',
    category: 'electronics',
    weight: 2,
    noun: ['Soundbar', 'Sound Bar', 'Soundbar System'],
    features: [
      ['Dolby Atmos', 'Atmos'],
      ['Wireless Subwoofer', 'with Subwoofer'],
      ['HDMI eARC', 'eARC'],
      bluetooth,
      ['DTS:X'],
    ],
    specs: [
      {
        attribute: 'channels',
        values: [
          ['5.1 Channel', '5.1ch', '5.1'],
          ['3.1.2 Channel', '3.1.2ch'],
          ['2.1 Channel', '2.1ch', '2.1'],
          ['7.1.4 Channel', '7.1.4ch'],
        ],
      },
    ],
    axes: [],
    price: [149, 799],
    neweggCategory: 82,
    lines: [
      {
        brand: 'Samsung',
        name: '{series}',
        series: 'HW-[Q|S|B][6|7|8|9][0|5]0[C|D|F]',
        model: '{series}',
        mpn: '{model}/ZA',
        weight: 2,
      },
      {
        brand: 'Sony',
        name: '{series}',
        series: 'HT-[A|S|G][2|3|5|7|9]0[0|5]0',
        model: '{series}',
      },
      {
        brand: 'Bose',
        name: '{series}',
        series: '[Smart Soundbar|Smart Ultra Soundbar|TV Speaker|Smart Soundbar 600]',
        model: '8[6|7]####-1#00',
        noun: ['', 'Soundbar'],
        priceFactor: 1.3,
      },
      {
        brand: 'Sonos',
        name: '{series}',
        series: '[Beam (Gen 2)|Arc|Arc Ultra|Ray]',
        model: '[BEAM2|ARCG1|ARCUL|RAYG1]US1[BLK|WHT]',
        priceFactor: 1.4,
      },
      {
        brand: 'VIZIO',
        name: 'V-Series {series}',
        series: 'V[2|4|5][0|1]-[H|J|K]%',
        model: '{series}',
        priceFactor: 0.5,
      },
      {
        brand: 'Polk Audio',
        name: 'Signa {series}',
        series: '[S2|S3|S4|S5|MagniFi Mini AX]',
        model: 'AM9#%#-A',
        priceFactor: 0.8,
      },
    ],
  },

  // ---------------- gaming ----------------
  {
    kind: 'console',
    category: 'gaming',
    weight: 2,
    noun: ['Console', 'Video Game Console', 'Gaming Console'],
    features: [],
    axes: [],
    price: [299, 549],
    neweggCategory: 74,
    bundles: ['Extra Controller', 'Charging Station'],
    lines: [
      {
        brand: 'PlayStation',
        name: '{series}',
        series: '[PlayStation 5|PlayStation 5 Pro|PlayStation 5 Slim]',
        seriesPrices: { 'PlayStation 5': 499, 'PlayStation 5 Pro': 699, 'PlayStation 5 Slim': 449 },
        mode: 'bundles',
        model: 'CFI-[1|2|7][0|1]#%',
        axes: [
          labels(
            'edition',
            'spec',
            [
              [['Disc Edition', 'Standard Edition', 'Disc'], 'D', 1],
              [['Digital Edition', 'Digital'], 'DE', 0.85],
            ],
            [1, 2],
          ),
        ],
        features: [
          ['4K Gaming', '4K'],
          ['Ultra-High Speed SSD', 'SSD'],
        ],
        retailers: playStationOnly,
        weight: 3,
      },
      {
        brand: 'Microsoft',
        name: '{series}',
        series: '[Xbox Series X|Xbox Series S]',
        seriesPrices: { 'Xbox Series X': 599, 'Xbox Series S': 379 },
        mode: 'bundles',
        model: '[RRT|RRS|XXU]-000%#',
        axes: [
          measures(
            'storage',
            'spec',
            'GB',
            [
              [512, 0.8],
              [1024, 1],
              [2048, 1.25],
            ],
            [1, 2],
          ),
          colours(['Carbon Black', 'Robot White'], [1, 1]),
        ],
        weight: 2,
      },
      {
        brand: 'Nintendo',
        name: '{series}',
        series: '[Nintendo Switch \u2013 OLED Model|Nintendo Switch Lite|Nintendo Switch 2]',
        seriesPrices: {
          'Nintendo Switch \u2013 OLED Model': 349,
          'Nintendo Switch Lite': 199,
          'Nintendo Switch 2': 449,
        },
        mode: 'bundles',
        model: '[HEG|HDH|BEE]-S-[KA|KB|GA|BA]A[AA|AB]',
        axes: [
          colours(['White', 'Neon Red/Neon Blue', 'Turquoise', 'Coral', 'Gray', 'Yellow'], [1, 2]),
        ],
        weight: 2,
      },
    ],
  },
  {
    kind: 'controller',
    category: 'gaming',
    weight: 3,
    noun: ['Wireless Controller', 'Controller', 'Gamepad'],
    features: [
      ['Haptic Feedback'],
      ['Rechargeable Battery', 'Rechargeable'],
      ['Remappable Buttons'],
      bluetooth,
    ],
    axes: [colours(['Black', 'White', 'Red', 'Blue', 'Camo', 'Purple'], [1, 3])],
    price: [29, 79],
    neweggCategory: 74,
    lines: [
      {
        brand: 'PlayStation',
        name: '{series}',
        series: '[DualSense|DualSense Edge]',
        model: 'CFI-ZCT[1|P]W',
        mpn: '{model}{variant}',
        axes: [
          colours(
            [
              'White',
              'Midnight Black',
              'Cosmic Red',
              'Nova Pink',
              'Starlight Blue',
              'Galactic Purple',
              'Sterling Silver',
              'Volcanic Red',
              'Cobalt Blue',
              'Chroma Teal',
            ],
            [3, 5],
          ),
        ],
        retailers: playStationOnly,
        weight: 2,
      },
      {
        brand: 'Microsoft',
        name: '{series}',
        series: '[Xbox|Xbox Elite Series 2|Xbox Elite Series 2 Core|Xbox Adaptive]',
        model: 'QA[S|T|U]-000%#',
        axes: [
          colours(
            [
              'Carbon Black',
              'Robot White',
              'Shock Blue',
              'Pulse Red',
              'Electric Volt',
              'Deep Pink',
              'Velocity Green',
              'Astral Purple',
            ],
            [2, 4],
          ),
        ],
        weight: 2,
      },
      {
        brand: 'Nintendo',
        name: '{series}',
        series: '[Switch Pro|Joy-Con (L)/(R)|Switch 2 Pro|Joy-Con 2 (L)/(R)]',
        model: '[HAC|BEE]-A-[FSSKA|JAEAA|JAFAA|FSSKB]',
        axes: [
          colours(['Black', 'Neon Red/Neon Blue', 'Pastel Purple/Pastel Green', 'Gray'], [1, 3]),
        ],
      },
      {
        brand: 'PowerA',
        name: '{series}',
        series:
          '[Enhanced Wired|Enhanced Wireless|Fusion Pro 3 Wired|Nano Enhanced Wireless|Advantage Wired]',
        mode: 'free',
        model: '15#####-0%',
        features: [
          ['for Xbox Series X|S', 'for Xbox', 'Xbox Compatible'],
          ['for Nintendo Switch', 'Switch Compatible'],
        ],
        axes: [
          colours(
            [
              'Black',
              'Spectra Infinity',
              'Arc Lightning',
              'Midnight Camo',
              'Mystic Purple',
              'Cosmic Clear',
            ],
            [1, 3],
          ),
        ],
        weight: 2,
      },
      {
        brand: '8BitDo',
        name: 'Ultimate {series}',
        series: '[Bluetooth|2.4g|2C Wireless|Wired]',
        mode: 'free',
        model: '8[0|1]@@0#',
        priceFactor: 0.9,
      },
      {
        brand: 'Turtle Beach',
        name: '{series}',
        series: '[Recon|Stealth Ultra|Stealth Pivot|React-R]',
        model: 'TBS-07[0|1]#-0%',
        priceFactor: 1.4,
      },
    ],
  },
  {
    kind: 'video-game',
    category: 'gaming',
    weight: 6,
    noun: [''],
    features: [],
    axes: [],
    price: [29, 69],
    neweggCategory: 74,
    lines: [
      {
        brand: 'Sony Interactive Entertainment',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'ps4'], 2), gameEditions],
        retailers: playStationOnly,
        weight: 2,
      },
      {
        brand: 'Nintendo',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['switch', 'switch2'], 2), gameEditions],
        weight: 2,
      },
      {
        brand: 'Xbox Game Studios',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['xsx', 'xb1', 'pc'], 2), gameEditions],
      },
      {
        brand: 'Ubisoft',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'xsx', 'switch', 'pc', 'ps4'], 3), gameEditions],
      },
      {
        brand: 'Electronic Arts',
        name: '{series}',
        series:
          '[Pro Football|Pro Basketball|World Soccer|Pro Hockey|Pro Golf Tour|Pro Baseball|Super Racing] 2[4|5|6|7]',
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'xsx', 'ps4', 'switch'], 3), gameEditions],
      },
      {
        brand: 'Capcom',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'xsx', 'pc', 'switch'], 3), gameEditions],
      },
      {
        brand: 'Bandai Namco',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'xsx', 'switch', 'ps4'], 3), gameEditions],
      },
      {
        brand: 'Square Enix',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'switch', 'pc'], 2), gameEditions],
      },
      {
        brand: 'Warner Bros. Games',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'xsx', 'switch'], 3), gameEditions],
      },
      {
        brand: 'SEGA',
        name: '{series}',
        series: gameNameTemplate,
        model: null,
        mpn: null,
        axes: [platforms(['ps5', 'xsx', 'switch', 'ps4'], 3), gameEditions],
      },
    ],
    retailers: { amazon: 10, walmart: 9, target: 8, bestbuy: 8, ebay: 6, newegg: 1, costco: 1 },
  },
  {
    kind: 'gaming-headset',
    category: 'gaming',
    weight: 2,
    noun: ['Gaming Headset', 'Wireless Gaming Headset', 'Headset'],
    features: [
      wireless,
      ['7.1 Surround Sound', 'Surround Sound'],
      ['Detachable Mic', 'Noise-Cancelling Mic'],
      ['Memory Foam Ear Cushions'],
      ['for PS5/PC', 'PS5 PC Compatible'],
    ],
    axes: [colours(['Black', 'White', 'Blue'], [1, 2])],
    price: [49, 249],
    neweggCategory: 26,
    lines: [
      {
        brand: 'PlayStation',
        name: '{series}',
        series: '[PULSE 3D|PULSE Elite|PULSE Explore]',
        model: 'CFI-ZWH%',
        mpn: '{model}{variant}',
        axes: [colours(['White', 'Midnight Black', 'Gray Camouflage'], [1, 2])],
        noun: ['Wireless Headset', 'Headset'],
        retailers: playStationOnly,
      },
      {
        brand: 'SteelSeries',
        name: 'Arctis {series}',
        series: 'Nova [1|3|5|7|Pro][| Wireless|P|X]',
        model: '61###',
        weight: 2,
      },
      {
        brand: 'Razer',
        name: '{series}',
        series: '[BlackShark V%|Kraken V%|Barracuda X|Kaira Pro][| Pro| X| HyperSpeed]',
        mode: 'free',
        model: 'RZ04-0####0#00-R3U1',
        weight: 2,
      },
      {
        brand: 'HyperX',
        name: 'Cloud {series}',
        series: '[II|III|Alpha|Stinger %|Flight][| Wireless| S]',
        model: '[4P|6|7|8]@@#AA',
        priceFactor: 0.9,
      },
      {
        brand: 'Turtle Beach',
        name: 'Stealth {series}',
        series: '[5|6|7]00 Gen [2|3][| MAX]',
        model: 'TBS-[2|3]#[0|5]#-0%',
        priceFactor: 0.9,
      },
      {
        brand: 'Logitech G',
        name: '{series}',
        series: '[G4|G5|G7|PRO X|ASTRO A]%#[| LIGHTSPEED| Wireless]',
        model: '981-00####',
      },
      {
        brand: 'Corsair',
        name: '{series}',
        series: '[HS|VOID|VIRTUOSO][5|6|7|8]%[| RGB| WIRELESS| PRO]',
        model: 'CA-9011###-NA',
      },
    ],
  },
  {
    kind: 'gaming-mouse',
    category: 'gaming',
    weight: 2,
    noun: ['Gaming Mouse', 'Wireless Gaming Mouse', 'Mouse'],
    features: [
      wireless,
      ['RGB', 'RGB Lighting'],
      ['Lightweight', 'Ultra-Lightweight'],
      ['26K DPI Sensor', '26000 DPI'],
      ['Programmable Buttons'],
    ],
    axes: [colours(['Black', 'White', 'Pink'], [1, 2])],
    price: [29, 149],
    neweggCategory: 26,
    lines: [
      {
        brand: 'Logitech G',
        name: '{series}',
        series: '[G|PRO X SUPERLIGHT |G PRO ]%0[2|3|5][| HERO| LIGHTSPEED]',
        model: '910-00####',
        weight: 2,
      },
      {
        brand: 'Razer',
        name: '{series}',
        series: '[DeathAdder|Basilisk|Viper|Cobra|Orochi] V%[| Pro| Mini| HyperSpeed]',
        model: 'RZ01-0####0#00-R3U1',
        weight: 2,
      },
      {
        brand: 'Corsair',
        name: '{series}',
        series: '[M|SCIMITAR|DARKSTAR|HARPOON|KATAR]%#[| RGB| RGB ELITE| WIRELESS]',
        model: 'CH-93#####-NA',
      },
      {
        brand: 'SteelSeries',
        name: '{series}',
        series: '[Rival|Aerox|Prime] %[| Wireless| Mini]',
        model: '62###',
      },
    ],
  },
  {
    kind: 'gaming-keyboard',
    category: 'gaming',
    weight: 2,
    noun: ['Gaming Keyboard', 'Mechanical Keyboard', 'Keyboard'],
    features: [
      ['RGB', 'RGB Backlit'],
      ['Mechanical Switches', 'Mechanical'],
      wireless,
      ['Tenkeyless', 'TKL'],
      ['Wrist Rest'],
    ],
    axes: [colours(['Black', 'White'], [1, 2])],
    price: [49, 229],
    neweggCategory: 23,
    lines: [
      {
        brand: 'Logitech G',
        name: '{series}',
        series: 'G[5|7|9]1[0|3|5][| X| TKL| LIGHTSPEED]',
        model: '920-0#####',
      },
      {
        brand: 'Razer',
        name: '{series}',
        series: '[BlackWidow|Huntsman|Ornata|DeathStalker] V%[| Pro| Mini| Tenkeyless]',
        model: 'RZ03-0####0#00-R3U1',
        weight: 2,
      },
      {
        brand: 'Corsair',
        name: '{series}',
        series: 'K[5|6|7]%[| RGB PRO| CORE| MAX| WIRELESS]',
        model: 'CH-91#####-NA',
      },
      {
        brand: 'SteelSeries',
        name: 'Apex {series}',
        series: '[3|5|7|9|Pro][| TKL| Mini| Gen 3]',
        model: '64###',
      },
    ],
  },

  // ---------------- home ----------------
  {
    kind: 'stick-vacuum',
    category: 'home',
    weight: 3,
    noun: ['Cordless Vacuum', 'Stick Vacuum', 'Cordless Stick Vacuum Cleaner', 'Vacuum'],
    features: [
      ['Lightweight'],
      ['HEPA Filtration', 'HEPA'],
      ['Pet Hair', 'for Pet Hair'],
      ['60-Minute Runtime', '60 Min Runtime'],
      ['Anti-Tangle Brushroll', 'Anti-Tangle'],
    ],
    specs: [
      {
        attribute: 'wattage',
        values: [
          ['250W', '250 Watt'],
          ['350W', '350 Watt'],
          ['450W', '450 Watt'],
        ],
      },
    ],
    axes: [colours(['Gray', 'Purple', 'Nickel', 'Blue', 'Copper'], [1, 2])],
    price: [149, 699],
    neweggCategory: 86,
    bundles: ['Bonus Tool Kit', 'Extra Battery'],
    lines: [
      {
        brand: 'Dyson',
        name: '{series}',
        series:
          '[V8|V11|V12 Detect Slim|V15 Detect|Gen5detect|V8 Absolute|Outsize][| Animal| Extra| Plus]',
        model: '[39|44|47]####-01',
        priceFactor: 1.6,
        weight: 2,
      },
      {
        brand: 'Shark',
        name: '{series}',
        series:
          '[Stratos|Rocket|Vertex|Wandvac|Cordless Pro|Detect Pro] [Pet Pro|Ultralight|Duoclean|]',
        mode: 'free',
        model: '[IZ|HZ|WS|IW]%##[H|Q||C]',
        weight: 3,
      },
      {
        brand: 'Bissell',
        name: '{series}',
        series: '[CleanView|ICONpet|AirRam|PowerEdge|Pet Hair Eraser] [Pro|Edge|Turbo|]',
        mode: 'free',
        model: '#%##[A|B|F|]',
        priceFactor: 0.6,
      },
      {
        brand: 'Tineco',
        name: '{series}',
        series: '[Pure ONE|A1|iFLOOR] [S11|S15|X|Pro|Station]',
        mode: 'free',
        model: 'VA#%####US',
        priceFactor: 0.9,
      },
      {
        brand: 'Samsung',
        name: 'Bespoke Jet {series}',
        series: '[Lite|Pet|AI|Complete|Plus]',
        model: 'VS#%A#0@@[A|B|C]/AA',
        priceFactor: 1.3,
      },
    ],
  },
  {
    kind: 'robot-vacuum',
    category: 'home',
    weight: 2,
    noun: ['Robot Vacuum', 'Robot Vacuum Cleaner', 'Robotic Vacuum'],
    features: [
      ['Self-Emptying', 'Self Emptying Base'],
      ['Wi-Fi Connected', 'WiFi'],
      ['LiDAR Navigation', 'LiDAR'],
      ['Mopping', 'Vacuum and Mop'],
      ['Works with Alexa', 'Alexa'],
    ],
    axes: [colours(['Black', 'White'], [1, 1])],
    price: [199, 999],
    neweggCategory: 86,
    lines: [
      {
        brand: 'iRobot',
        name: 'Roomba {series}',
        series: '[j|i|s|Combo j|Combo 10 Max|Essential Q]%[+|]',
        model: '[j|i|s|c|q]%#[5|8]#0',
        weight: 2,
      },
      {
        brand: 'Shark',
        name: '{series}',
        series: '[AI Ultra|Matrix|PowerDetect|Detect Pro] [Self-Empty|2-in-1|]',
        mode: 'free',
        model: '[RV|AV|UR]2%##[S|A|E|]',
        weight: 2,
      },
      {
        brand: 'eufy',
        name: 'RoboVac {series}',
        series: '[G|L|X|C]%#[| Hybrid| Pro| SES]',
        model: 'T2%##[1|2|3]##',
        priceFactor: 0.5,
      },
      {
        brand: 'Roborock',
        name: '{series}',
        series: '[Q5|Q7|Q8|S7|S8|Qrevo][| Max| Max+| Pro| MaxV]',
        model: '[Q|S|QR]%0#RR',
        priceFactor: 1.2,
      },
    ],
  },
  {
    kind: 'air-purifier',
    category: 'home',
    weight: 2,
    noun: ['Air Purifier', 'Air Purifier for Home', 'HEPA Air Purifier'],
    features: [
      ['True HEPA', 'HEPA', 'H13 HEPA'],
      ['for Large Rooms', 'Large Room'],
      ['Smart Wi-Fi', 'WiFi'],
      ['Quiet', 'Quiet Sleep Mode'],
      ['Air Quality Sensor'],
    ],
    specs: [
      {
        attribute: 'coverage',
        values: [
          ['Covers 1,095 sq. ft.', '1095 sq ft'],
          ['Covers 547 sq. ft.', '547 sq ft'],
          ['Covers 1,900 sq. ft.', '1900 sq ft'],
          ['Covers 361 sq. ft.', '361 sq ft'],
        ],
      },
    ],
    axes: [colours(['White', 'Black', 'Gray'], [1, 2])],
    price: [79, 499],
    neweggCategory: 86,
    bundles: ['Extra Filter', '2 Replacement Filters'],
    lines: [
      {
        brand: 'LEVOIT',
        name: '{series}',
        series: '[Core|Vital|EverestAir|LV-H] %#%[S|| Pro]',
        mode: 'free',
        model: 'LAP-[C|V|E]%#%[S|P|]-W[US|AUS]',
        weight: 3,
      },
      {
        brand: 'Coway',
        name: 'Airmega {series}',
        series: '[AP-1512HH|150|200M|250|300|400|IconS]',
        model: 'AP-#%##[HH|M|S|]',
        priceFactor: 1.3,
      },
      {
        brand: 'Blueair',
        name: '{series}',
        series: '[Blue Pure|Blue Max|DustMagnet|HealthProtect] %#%[i|]',
        mode: 'free',
        model: '1#####',
        priceFactor: 1.1,
      },
      {
        brand: 'Dyson',
        name: 'Purifier {series}',
        series: '[Cool|Hot+Cool|Humidify+Cool|Big+Quiet] [TP0%|HP0%|PH0%|BP0%|Formaldehyde]',
        mode: 'free',
        model: '[36|37|38|41]####-01',
        priceFactor: 2.2,
      },
      {
        brand: 'Honeywell',
        name: '{series}',
        series: 'HPA[0|1|2|3]%0[B|W|]',
        model: '{series}',
        priceFactor: 0.8,
      },
    ],
  },
  {
    kind: 'security-camera',
    category: 'home',
    weight: 2,
    noun: ['Security Camera', 'Smart Home Camera', 'Video Doorbell', 'Camera'],
    features: [
      ['1080p HD', '1080p'],
      ['2K', '2K Resolution'],
      ['Night Vision', 'Color Night Vision'],
      ['Two-Way Audio', '2-Way Talk'],
      ['Works with Alexa', 'Alexa'],
    ],
    axes: [
      measures(
        'packSize',
        'spec',
        'pack',
        [
          [1, 1],
          [2, 1.8],
          [3, 2.5],
          [4, 3.2],
        ],
        [1, 2],
      ),
    ],
    price: [39, 249],
    neweggCategory: 86,
    lines: [
      {
        brand: 'Ring',
        name: '{series}',
        series:
          '[Video Doorbell|Battery Doorbell|Stick Up Cam|Spotlight Cam|Floodlight Cam|Indoor Cam][| Pro| Plus| Wired| Battery]',
        mode: 'free',
        model: 'B0[7|8|9|C|D]@@@@@@@',
        priceFactor: 1.2,
        weight: 2,
      },
      {
        brand: 'Google',
        name: 'Nest {series}',
        series: '[Cam|Doorbell|Cam with Floodlight] ([battery|wired|Indoor, wired])',
        model: 'G[A|B]0####-US',
      },
      {
        brand: 'Arlo',
        name: '{series}',
        series: '[Essential|Pro %|Ultra %|Go %] [Spotlight Camera|XL|Indoor|]',
        mode: 'free',
        model: 'VMC[2|3|4|5]0#0-100NAS',
      },
      {
        brand: 'Wyze',
        name: 'Cam {series}',
        series: '[v3|v4|Pan v3|OG|Floodlight v2|Doorbell v2]',
        model: 'WYZEC[3|4|P|F]#[| Pro]',
        priceFactor: 0.3,
      },
      {
        brand: 'Blink',
        name: '{series}',
        series: '[Outdoor %|Mini %|Video Doorbell|Outdoor % + Floodlight]',
        model: 'B0B@@@@###',
        priceFactor: 0.6,
        retailers: { extra: { amazon: 15 } },
      },
    ],
  },

  // ---------------- kitchen ----------------
  {
    kind: 'coffee-maker',
    category: 'kitchen',
    weight: 3,
    noun: ['Coffee Maker', 'Coffee Machine', 'Single Serve Coffee Maker', 'Drip Coffee Maker'],
    features: [
      ['Programmable'],
      ['Auto Shut-Off', 'Auto-Off'],
      ['Brew Strength Control', 'Bold Setting'],
      ['Iced Coffee Setting', 'Iced Coffee'],
      ['Thermal Carafe'],
    ],
    axes: [colours(['Black', 'Stainless Steel', 'White', 'Red', 'Matte Black'], [1, 3])],
    price: [39, 229],
    neweggCategory: 82,
    bundles: ['Bonus K-Cup Variety Pack', 'Coffee Sampler'],
    lines: [
      {
        brand: 'Keurig',
        name: '{series}',
        series:
          'K-[Supreme|Mini|Elite|Express|Duo|Classic|Slim|Iced|Café][| Plus| SMART| Essentials]',
        model: '5000[1|2|3]####',
        weight: 3,
      },
      {
        brand: 'Ninja',
        name: '{series}',
        series:
          '[Specialty|Programmable|DualBrew Pro|Pods & Grounds] [Coffee Maker|Coffee System|]',
        mode: 'free',
        model: '[CM|CFP|PB|CE]%#%',
        weight: 2,
      },
      {
        brand: 'Cuisinart',
        name: '{series}',
        series: '[Coffee Center|PerfecTemp|Grind & Brew|Classic] %#-Cup',
        mode: 'free',
        model: '[DCC|DGB|SS|CBC]-%#0[0|1]',
        priceFactor: 0.9,
        weight: 2,
      },
      {
        brand: 'Mr. Coffee',
        name: '{series}',
        series: '[Easy Measure|Frappe|Iced and Hot|Simple Brew] %#-Cup',
        mode: 'free',
        model: '20##%#',
        priceFactor: 0.4,
      },
      {
        brand: 'Hamilton Beach',
        name: '{series}',
        series: '[FlexBrew|2-Way Brewer|Programmable|Scoop] [Trio|Plus|Single-Serve|]',
        mode: 'free',
        model: '4[6|9]#%#',
        priceFactor: 0.45,
      },
    ],
  },
  {
    kind: 'espresso-machine',
    category: 'kitchen',
    weight: 2,
    noun: ['Espresso Machine', 'Espresso Maker', 'Coffee and Espresso Machine'],
    features: [
      ['Milk Frother', 'Steam Wand'],
      ['Built-in Grinder', 'Integrated Grinder'],
      ['15 Bar Pump', '15 Bar'],
      ['One-Touch', 'Touchscreen'],
    ],
    axes: [
      colours(['Brushed Stainless Steel', 'Black Truffle', 'Sea Salt', 'Silver', 'Black'], [1, 3]),
    ],
    price: [149, 899],
    neweggCategory: 82,
    lines: [
      {
        brand: 'Breville',
        name: 'the {series}',
        series:
          '[Barista Express|Barista Pro|Bambino Plus|Barista Touch|Oracle Jet|Bambino][| Impress]',
        model: 'BES8[7|8|9]%',
        mpn: '{model}{variant}',
        priceFactor: 1.5,
        weight: 2,
      },
      {
        brand: "De'Longhi",
        name: '{series}',
        series: '[Dedica|Stilosa|La Specialista|Magnifica|Rivelia|Eletta] [Arte|Evo|Plus|Maestro|]',
        mode: 'free',
        model: '[EC|ECAM|EC9]%#%[.M|.S|.B|]',
        weight: 2,
      },
      {
        brand: 'Nespresso',
        name: '{series}',
        series: 'Vertuo [Next|Pop+|Lattissima|Creatista|Plus] [by Breville|by De\u2019Longhi|]',
        mode: 'free',
        model: 'ENV%#[0|5][B|R|W|GY]',
        priceFactor: 0.6,
        weight: 2,
      },
      {
        brand: 'Philips',
        name: '{series}',
        series: '[3200|4300|5400|2200] Series LatteGo',
        model: 'EP#%#[1|4|6]/[0|4|6]#',
        priceFactor: 1.2,
      },
    ],
  },
  {
    kind: 'air-fryer',
    category: 'kitchen',
    weight: 3,
    noun: ['Air Fryer', 'Air Fryer Oven', 'Air Fryer Cooker'],
    features: [
      ['Nonstick Basket', 'Non-Stick'],
      ['Dishwasher Safe Basket', 'Dishwasher Safe'],
      ['Digital Touchscreen', 'Digital'],
      ['Dehydrate'],
      ['Max Crisp', 'Extra Crisp'],
    ],
    specs: [
      {
        attribute: 'wattage',
        values: [
          ['1500W', '1500 Watt', '1500-Watt'],
          ['1700W', '1700 Watt'],
          ['1750W', '1750 Watt'],
          ['1800W', '1800 Watt'],
        ],
      },
    ],
    axes: [
      measures(
        'capacity',
        'spec',
        'qt',
        [
          [2, 0.55],
          [4, 0.8],
          [5, 0.9],
          [6, 1],
          [8, 1.3],
          [10, 1.6],
        ],
        [1, 2],
      ),
      colours(['Black', 'Gray', 'Stainless Steel', 'White', 'Sage'], [1, 2]),
    ],
    price: [59, 199],
    neweggCategory: 82,
    bundles: ['Accessory Kit', 'Silicone Liners'],
    lines: [
      {
        brand: 'Ninja',
        name: '{series}',
        series:
          '[Air Fryer Pro|Foodi DualZone|Max XL|Crispi|Foodi 6-in-1|Air Fryer] [XL|2-Basket|FlexBasket|]',
        mode: 'free',
        model: '[AF|DZ|FN|SL]%#%[|XL|BK]',
        weight: 3,
      },
      {
        brand: 'COSORI',
        name: '{series}',
        series: '[Pro LE|Pro II|TurboBlaze|Lite|Dual Blaze|Pro Gen 2]',
        model: 'CAF-[L|P|R|DC]%#%[S|-KUS|-AUSR|]',
        weight: 2,
      },
      {
        brand: 'Instant',
        name: 'Vortex {series}',
        series: '[Plus|Slim|ClearCook|VersaZone|Mini|Pro] [ClearCook|6-in-1|4-in-1|]',
        mode: 'free',
        model: '14010##%#',
        weight: 2,
      },
      {
        brand: 'Chefman',
        name: '{series}',
        series: '[TurboFry|Digital|Multifunctional] [Touch|Max|Dual|]',
        mode: 'free',
        model: 'RJ38-[V|T|SQ|DB]#-%##[T|B|]',
        priceFactor: 0.6,
      },
      {
        brand: 'Philips',
        name: '{series}',
        series: '[Essential|Premium|3000 Series|5000 Series] Airfryer[ XXL| XL|]',
        mode: 'free',
        model: 'HD9#%#/9#',
        priceFactor: 1.3,
      },
    ],
  },
  {
    kind: 'blender',
    category: 'kitchen',
    weight: 2,
    noun: ['Blender', 'Countertop Blender', 'Personal Blender'],
    features: [
      ['Variable Speed', '10 Speeds'],
      ['Pulse'],
      ['BPA-Free Pitcher', 'BPA Free'],
      ['Self-Cleaning'],
      ['Crushes Ice', 'Ice Crushing'],
    ],
    specs: [
      {
        attribute: 'wattage',
        values: [
          ['1200W', '1200 Watt'],
          ['1400W', '1400 Watt'],
          ['1000W', '1000 Watt'],
          ['600W', '600 Watt'],
        ],
      },
    ],
    axes: [
      colours(['Black', 'Red', 'White', 'Slate', 'Brushed Stainless', 'Shadow Black'], [1, 3]),
    ],
    price: [49, 549],
    neweggCategory: 82,
    lines: [
      {
        brand: 'Vitamix',
        name: '{series}',
        series: '[Explorian E|Ascent A|Propel ]%[2|3|5]0[0||i]',
        model: '06#%#',
        priceFactor: 2.4,
      },
      {
        brand: 'Ninja',
        name: '{series}',
        series: '[Professional|BlendSense|Detect|Fit|Mega Kitchen System][| Plus| Power Pro| Duo]',
        mode: 'free',
        model: '[BL|BN|TB|QB]%#%[A|Q|]',
        weight: 2,
      },
      {
        brand: 'NutriBullet',
        name: '{series}',
        series: '[Pro|Pro+|Ultra|Blender Combo|Select] [900|1000|1200|1500|]',
        mode: 'free',
        model: 'NB[9|50|B]-%#[0|1]#',
        priceFactor: 0.6,
      },
      {
        brand: 'KitchenAid',
        name: '{series}',
        series: '[K150|K400|K130|Pro Line]',
        model: 'KSB[1|4|2]%[0|5]#',
        mpn: '{model}{variant}',
        priceFactor: 0.9,
      },
      {
        brand: 'Oster',
        name: '{series}',
        series: '[Pro|Classic|Versa|My Blend] [1200|Series|Turbo|]',
        mode: 'free',
        model: 'BLSTM[B|D|P]-%#%-000',
        priceFactor: 0.4,
      },
    ],
  },
  {
    kind: 'stand-mixer',
    category: 'kitchen',
    weight: 2,
    noun: ['Stand Mixer', 'Tilt-Head Stand Mixer', 'Kitchen Mixer'],
    features: [
      ['10 Speeds', '10-Speed'],
      ['Tilt-Head Design', 'Tilt Head'],
      ['Stainless Steel Bowl'],
      ['Pouring Shield'],
    ],
    axes: [
      measures(
        'capacity',
        'spec',
        'qt',
        [
          [3.5, 0.8],
          [4.5, 0.9],
          [5, 1],
          [5.5, 1.15],
          [6, 1.3],
          [7, 1.5],
        ],
        [1, 1],
      ),
      colours(
        [
          'Empire Red',
          'Onyx Black',
          'Contour Silver',
          'Aqua Sky',
          'Pistachio',
          'Matte Black',
          'Blue Velvet',
          'White',
          'Sage',
          'Ice Blue',
        ],
        [2, 5],
      ),
    ],
    price: [199, 499],
    neweggCategory: 82,
    lines: [
      {
        brand: 'KitchenAid',
        name: '{series}',
        series:
          '[Artisan Series|Classic Series|Professional 600 Series|Artisan Mini|Artisan Design Series|Pro Line]',
        model: 'KSM[15|16|60|35|70][0|5|1]P[S|B|]',
        mpn: '{model}{variant}',
        weight: 3,
      },
      {
        brand: 'Cuisinart',
        name: '{series}',
        series: '[Precision Master|Precision Pro|SM-50|SM-55]',
        model: 'SM-[50|55|70]%[BK|R|BC|]',
        mpn: '{model}{variant}',
        priceFactor: 0.7,
      },
      {
        brand: 'Hamilton Beach',
        name: '{series}',
        series: '[Classic|All-Metal|Eclectrics|Professional]',
        mode: 'free',
        model: '63#%#-[A|B|C|D|E]#',
        priceFactor: 0.35,
      },
      {
        brand: 'Kenwood',
        name: '{series}',
        series: '[Chef|kMix|Titanium Chef Baker][| XL| Patissier]',
        mode: 'free',
        model: 'K[MX|VC|VL]%#[0|5]-##[A|B]',
        priceFactor: 0.9,
      },
    ],
  },
  {
    kind: 'toaster',
    category: 'kitchen',
    weight: 2,
    noun: ['Toaster', 'Toaster Oven', 'Countertop Oven'],
    features: [
      ['Wide Slots', 'Extra Wide Slots'],
      ['Bagel Setting', 'Bagel'],
      ['Convection'],
      ['Air Fry', 'Air Fryer Toaster Oven'],
      ['Defrost'],
    ],
    axes: [
      measures(
        'slices',
        'spec',
        'pc',
        [
          [2, 1],
          [4, 1.35],
          [6, 1.7],
        ],
        [1, 2],
      ),
      colours(['Stainless Steel', 'Black', 'White', 'Red', 'Brushed Stainless'], [1, 2]),
    ],
    price: [29, 299],
    neweggCategory: 82,
    lines: [
      {
        brand: 'Breville',
        name: 'the {series}',
        series:
          '[Smart Oven|Die-Cast|Bit More|Joule Oven|Mini Smart Oven|Smart Oven Air Fryer Pro]',
        model: 'B[OV|TA]%#%',
        mpn: '{model}{variant}',
        priceFactor: 2,
      },
      {
        brand: 'Cuisinart',
        name: '{series}',
        series:
          '[Classic|Compact|Chef\u2019s Convection|Digital AirFryer|Custom Select] [Toaster|Toaster Oven|]',
        mode: 'free',
        model: '[CPT|TOA|TOB|CTO]-%#[0|5]',
        priceFactor: 1.1,
        weight: 2,
      },
      {
        brand: 'Hamilton Beach',
        name: '{series}',
        series: '[Sure-Crisp|Keep Warm|Easy Reach|Extra-Wide Slot]',
        mode: 'free',
        model: '2[2|4|3]%##',
        priceFactor: 0.4,
        weight: 2,
      },
      {
        brand: 'Ninja',
        name: 'Foodi {series}',
        series: '[Flip|XL Pro|Digital|Dual Heat] [Toaster Oven|Air Fry Oven|]',
        mode: 'free',
        model: '[SP|DT|ST]%#%',
        priceFactor: 1.5,
      },
    ],
  },
  {
    kind: 'cookware-set',
    category: 'kitchen',
    weight: 2,
    noun: ['Cookware Set', 'Pots and Pans Set', 'Nonstick Cookware Set'],
    features: [
      ['Nonstick', 'Non-Stick'],
      ['Oven Safe', 'Oven Safe to 500\u00b0F'],
      ['Dishwasher Safe'],
      ['Induction Compatible', 'Induction'],
      ['PFOA-Free', 'PFOA Free'],
    ],
    axes: [
      measures(
        'pieces',
        'spec',
        'pc',
        [
          [5, 0.55],
          [8, 0.75],
          [10, 0.9],
          [12, 1],
          [14, 1.15],
          [17, 1.35],
        ],
        [1, 2],
      ),
      colours(['Black', 'Gray', 'Cream', 'Blue', 'Copper'], [1, 2]),
    ],
    price: [59, 399],
    neweggCategory: 82,
    lines: [
      {
        brand: 'T-fal',
        name: '{series}',
        series: '[Ultimate Hard Anodized|Experience|Signature|Easy Care|Unlimited]',
        mode: 'free',
        model: '[E|B|C]%#[5|7|9]S[C|E|A]#4',
        weight: 2,
      },
      {
        brand: 'Calphalon',
        name: '{series}',
        series: '[Classic|Signature|Premier|Select] [Hard-Anodized|Stainless Steel|Nonstick|]',
        mode: 'free',
        model: '20#%###',
        priceFactor: 1.6,
      },
      {
        brand: 'Cuisinart',
        name: '{series}',
        series: '[Chef\u2019s Classic|MultiClad Pro|Advantage|Ceramica XT]',
        mode: 'free',
        model: '[77|MCP|55|59]-%#[N|BK|CR|]',
        priceFactor: 1.1,
      },
      {
        brand: 'Ninja',
        name: 'Foodi {series}',
        series: 'NeverStick [Premium|Vivid|Essential|PossiblePot]',
        mode: 'free',
        model: 'C3%#[0|5]0[0|1]',
        priceFactor: 1.2,
      },
      {
        brand: 'HexClad',
        name: '{series}',
        series: 'Hybrid [Cookware|Essentials|Complete]',
        mode: 'free',
        model: 'HXC-%#[PC|ES]-##',
        priceFactor: 2.5,
      },
    ],
  },

  // ---------------- appliances ----------------
  {
    kind: 'refrigerator',
    category: 'appliances',
    weight: 2,
    noun: ['French Door Refrigerator', 'Refrigerator', 'Side-by-Side Refrigerator', 'Fridge'],
    features: [
      ['Ice Maker', 'with Ice Maker'],
      ['Water Dispenser', 'External Water Dispenser'],
      ['Energy Star', 'ENERGY STAR Certified'],
      ['Counter-Depth', 'Counter Depth'],
      ['Smart Wi-Fi', 'WiFi Enabled'],
    ],
    specs: [
      {
        attribute: 'capacity',
        values: [
          ['28 cu. ft.', '28 cu ft'],
          ['25.5 cu. ft.', '25.5 cu ft'],
          ['22.1 cu. ft.', '22.1 cu ft'],
          ['30 cu. ft.', '30 cu ft'],
        ],
      },
    ],
    axes: [
      colours(
        ['Stainless Steel', 'Black Stainless Steel', 'White', 'Fingerprint Resistant Stainless'],
        [1, 3],
      ),
    ],
    price: [1199, 3299],
    neweggCategory: 81,
    lines: [
      {
        brand: 'Samsung',
        name: '{series}',
        series: 'RF[2|3]#[B|C|D][G|A]@@##',
        model: '{series}',
        mpn: '{model}{variant}',
        weight: 2,
      },
      {
        brand: 'LG',
        name: '{series}',
        series: 'L[R|F|RM][MV|XC|FS][S|C]#%0[6|0]',
        model: '{series}',
        mpn: '{model}{variant}',
        weight: 2,
      },
      {
        brand: 'Whirlpool',
        name: '{series}',
        series: 'WR[F|S|X]5[3|5|7]%[S|C]D[H|L][Z|V|B]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'GE',
        name: '{series}',
        series: 'G[NE|FE|SS]2[2|5|7|8][J|D|G][Y|M|G][K|R][F|S]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'Frigidaire',
        name: 'Gallery {series}',
        series: 'GR[F|M|S]C#%[3|4|6]@[F|D]',
        model: '{series}',
        mpn: '{model}{variant}',
        priceFactor: 0.8,
      },
    ],
    retailers: { bestbuy: 10, costco: 6, walmart: 5, amazon: 2, ebay: 1 },
  },
  {
    kind: 'washer',
    category: 'appliances',
    weight: 2,
    noun: ['Front Load Washer', 'Washing Machine', 'Top Load Washer', 'Washer'],
    features: [
      ['Steam', 'with Steam'],
      ['Energy Star', 'ENERGY STAR'],
      ['Smart Wi-Fi', 'WiFi Enabled'],
      ['Quick Wash'],
      ['Sanitize Cycle', 'Sanitize'],
    ],
    specs: [
      {
        attribute: 'capacity',
        values: [
          ['4.5 cu. ft.', '4.5 cu ft'],
          ['5.0 cu. ft.', '5 cu ft'],
          ['4.8 cu. ft.', '4.8 cu ft'],
          ['5.3 cu. ft.', '5.3 cu ft'],
        ],
      },
    ],
    axes: [colours(['White', 'Champagne', 'Black Steel', 'Graphite Steel'], [1, 2])],
    price: [649, 1399],
    neweggCategory: 81,
    lines: [
      {
        brand: 'Samsung',
        name: '{series}',
        series: 'W[F|A]#%[B|C|D]#[2|5|8]00A',
        model: '{series}',
        mpn: '{model}{variant}',
        weight: 2,
      },
      {
        brand: 'LG',
        name: '{series}',
        series: 'W[M|T]#%[0|5]0H',
        model: '{series}',
        mpn: '{model}{variant}A',
        weight: 2,
      },
      {
        brand: 'Whirlpool',
        name: '{series}',
        series: 'W[FW|TW]%#%[0|5]F[W|C]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'Maytag',
        name: '{series}',
        series: 'M[HW|VW]%#[0|2|5]M[W|C]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'GE',
        name: '{series}',
        series: 'G[FW|TW]%#%S[S|P]N',
        model: '{series}',
        mpn: '{model}{variant}',
      },
    ],
    retailers: { bestbuy: 10, costco: 6, walmart: 4, amazon: 1, ebay: 1 },
  },
  {
    kind: 'dryer',
    category: 'appliances',
    weight: 1,
    noun: ['Electric Dryer', 'Dryer', 'Gas Dryer', 'Clothes Dryer'],
    features: [
      ['Steam', 'with Steam'],
      ['Sensor Dry'],
      ['Smart Wi-Fi', 'WiFi Enabled'],
      ['Energy Star', 'ENERGY STAR'],
    ],
    specs: [
      {
        attribute: 'capacity',
        values: [
          ['7.4 cu. ft.', '7.4 cu ft'],
          ['7.8 cu. ft.', '7.8 cu ft'],
          ['7.0 cu. ft.', '7 cu ft'],
        ],
      },
    ],
    axes: [colours(['White', 'Champagne', 'Black Steel', 'Graphite Steel'], [1, 2])],
    price: [599, 1299],
    neweggCategory: 81,
    lines: [
      {
        brand: 'Samsung',
        name: '{series}',
        series: 'DV[E|G]#%[B|C|D]#[2|5|8]00[E|G]',
        model: '{series}',
        mpn: '{model}{variant}',
        weight: 2,
      },
      {
        brand: 'LG',
        name: '{series}',
        series: 'DL[E|G]X#%[0|5]0',
        model: '{series}',
        mpn: '{model}{variant}',
        weight: 2,
      },
      {
        brand: 'Whirlpool',
        name: '{series}',
        series: 'W[E|G]D%#%[0|5]F',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'Maytag',
        name: '{series}',
        series: 'M[E|G]D%#[0|2|5]M',
        model: '{series}',
        mpn: '{model}{variant}',
      },
    ],
    retailers: { bestbuy: 10, costco: 6, walmart: 4, amazon: 1, ebay: 1 },
  },
  {
    kind: 'microwave',
    category: 'appliances',
    weight: 2,
    noun: ['Microwave Oven', 'Microwave', 'Countertop Microwave', 'Over-the-Range Microwave'],
    features: [
      ['Inverter', 'Inverter Technology'],
      ['Sensor Cooking', 'Sensor Cook'],
      ['Turntable'],
      ['Child Lock'],
      ['Air Fry', 'with Air Fry'],
    ],
    specs: [
      {
        attribute: 'wattage',
        values: [
          ['1100W', '1100 Watt', '1100-Watt'],
          ['1200W', '1200 Watt'],
          ['900W', '900 Watt'],
          ['1250W', '1250 Watt'],
        ],
      },
    ],
    axes: [
      measures(
        'capacity',
        'spec',
        'cuft',
        [
          [0.7, 0.55],
          [1.1, 0.8],
          [1.2, 0.85],
          [1.6, 1],
          [2.2, 1.3],
        ],
        [1, 2],
      ),
      colours(['Stainless Steel', 'Black', 'White', 'Black Stainless Steel'], [1, 2]),
    ],
    price: [89, 399],
    neweggCategory: 82,
    lines: [
      {
        brand: 'Panasonic',
        name: '{series}',
        series: 'NN-[SN|SD|CD|ST]#%[5|6|8]@',
        model: '{series}',
        mpn: '{model}{variant}',
        weight: 2,
      },
      {
        brand: 'Toshiba',
        name: '{series}',
        series: '[EM|ML|EC]#%[1|5]@[A|C][5|F]-[BS|SS|]',
        model: '{series}',
        mpn: '{model}{variant}',
        priceFactor: 0.7,
        weight: 2,
      },
      {
        brand: 'GE',
        name: '{series}',
        series: 'J[ES|NM|VM]#%[0|5]#[S|D][P|J][S|B]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'Samsung',
        name: '{series}',
        series: 'M[E|S|G]#%[A|K|R]#[0|1]#[1|2|5]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'BLACK+DECKER',
        name: '{series}',
        series: 'EM[9|7|0]2[0|1]A[G|S|B][W|-P][1|2]',
        model: '{series}',
        priceFactor: 0.5,
      },
    ],
  },
  {
    kind: 'dishwasher',
    category: 'appliances',
    weight: 1,
    noun: ['Dishwasher', 'Built-In Dishwasher', 'Top Control Dishwasher'],
    features: [
      ['Third Rack', '3rd Rack'],
      ['Quiet 44 dBA', '44 dBA'],
      ['Energy Star', 'ENERGY STAR'],
      ['Stainless Steel Tub', 'Stainless Tub'],
    ],
    axes: [colours(['Stainless Steel', 'Black Stainless Steel', 'White', 'Black'], [1, 2])],
    price: [549, 1299],
    neweggCategory: 81,
    lines: [
      {
        brand: 'Bosch',
        name: '{series} Series',
        series: '[100|300|500|800|Benchmark]',
        mode: 'free',
        model: 'SH[P|X|E]%#[3|5|7|8][B|C|Z]#%N',
        mpn: '{model}{variant}',
        weight: 2,
      },
      {
        brand: 'Whirlpool',
        name: '{series}',
        series: 'WDT%#[0|5][S|P]A[K|H|P][Z|B|W]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
      {
        brand: 'KitchenAid',
        name: '{series}',
        series: 'KDT[M|E|P]#%[0|4|5]K[P|B][S|B]',
        model: '{series}',
        mpn: '{model}{variant}',
        priceFactor: 1.3,
      },
      {
        brand: 'GE',
        name: '{series}',
        series: 'G[DT|DF][5|6|7]%[0|5][S|Y][S|Y][F|N][S|B]',
        model: '{series}',
        mpn: '{model}{variant}',
      },
    ],
    retailers: { bestbuy: 10, costco: 5, walmart: 4, amazon: 1, ebay: 1 },
  },

  // ---------------- small tech ----------------
  {
    kind: 'charger',
    category: 'small-tech',
    weight: 4,
    noun: ['USB-C Charger', 'Wall Charger', 'Fast Charger', 'USB C Charger'],
    features: [
      ['GaN', 'GaN II'],
      ['Foldable Plug', 'Foldable'],
      ['PD 3.0', 'Power Delivery'],
      ['2-Port', 'Dual Port'],
      ['for iPhone and Galaxy', 'iPhone/Samsung Compatible'],
    ],
    axes: [
      measures(
        'wattage',
        'spec',
        'W',
        [
          [20, 0.6],
          [30, 0.8],
          [35, 0.9],
          [45, 1],
          [65, 1.35],
          [100, 1.9],
          [140, 2.6],
        ],
        [1, 3],
      ),
    ],
    price: [15, 39],
    neweggCategory: 99,
    lines: [
      {
        brand: 'Anker',
        name: '{series}',
        series: '[Nano|Prime|PowerPort|Nano II|735|736|Prime GaN]',
        mode: 'free',
        model: 'A2#%#',
        weight: 3,
        retailers: { extra: { apple: 1 } },
      },
      {
        brand: 'Belkin',
        name: 'BoostCharge {series}',
        series: '[Pro|Dual|USB-C PD|Pro 2-in-1]',
        mode: 'free',
        model: 'WC[A|B|H]0##',
        retailers: { extra: { apple: 6 } },
        weight: 2,
      },
      {
        brand: 'Apple',
        name: '{series} USB-C Power Adapter',
        series: '[20W|35W Dual|70W|96W|140W|30W]',
        model: 'A2[3|4|5]##',
        applePart: true,
        noun: [''],
        axes: [],
        priceFactor: 1.3,
        retailers: appleOnly,
      },
      {
        brand: 'Samsung',
        name: '{series}',
        series: '[Super Fast|Super Fast Dual|Super Fast Charging] [Wall Charger|Power Adapter|]',
        mode: 'free',
        model: 'EP-T#%#[0|5]',
        mpn: '{model}XBZ',
        priceFactor: 0.9,
      },
      {
        brand: 'UGREEN',
        name: 'Nexode {series}',
        series: '[Pro|Mini|Air|RG|X]',
        mode: 'free',
        model: '#%##[0|5]',
        priceFactor: 0.8,
      },
      {
        brand: 'Spigen',
        name: 'ArcStation {series}',
        series: '[Pro|Essential|GaN|Mini]',
        mode: 'free',
        model: 'ACH0####',
        priceFactor: 0.8,
      },
    ],
  },
  {
    kind: 'cable',
    category: 'small-tech',
    weight: 3,
    noun: ['Cable', 'Charging Cable', 'Charger Cord', 'Charging Cord'],
    features: [
      ['Braided', 'Nylon Braided'],
      ['Fast Charging', 'Fast Charge'],
      ['MFi Certified', 'Apple MFi Certified'],
      ['240W', '240 W'],
      ['USB 2.0', 'USB 2'],
    ],
    specs: [
      {
        attribute: 'connector',
        values: [
          ['USB-C to USB-C', 'USB C to USB C', 'Type-C to Type-C'],
          ['USB-C to Lightning', 'USB C to Lightning'],
          ['USB-A to USB-C', 'USB A to USB C'],
          ['HDMI 2.1', 'HDMI'],
        ],
      },
    ],
    axes: [
      measures(
        'length',
        'spec',
        'ft',
        [
          [1, 0.7],
          [3, 0.85],
          [6, 1],
          [10, 1.3],
        ],
        [1, 3],
      ),
      measures(
        'packSize',
        'spec',
        'pack',
        [
          [1, 1],
          [2, 1.6],
          [3, 2.1],
        ],
        [1, 2],
      ),
    ],
    price: [8, 29],
    neweggCategory: 12,
    lines: [
      {
        brand: 'Anker',
        name: '{series}',
        series: '[PowerLine III|PowerLine II|Flow|Zolo|Bio-Based]',
        mode: 'free',
        model: 'A8#%#',
        weight: 3,
      },
      {
        brand: 'Belkin',
        name: 'BoostCharge {series}',
        series: '[Pro Flex|Braided|]',
        mode: 'free',
        model: 'CA[A|B]0##',
        retailers: { extra: { apple: 4 } },
        weight: 2,
      },
      {
        brand: 'Apple',
        name: 'USB-C {series}',
        series:
          '[Charge Cable (1 m)|Woven Charge Cable (1 m)|Woven Charge Cable (2 m)|to Lightning Cable (1 m)|240W Charge Cable (2 m)]',
        model: 'A2###',
        applePart: true,
        axes: [],
        specs: [],
        noun: [''],
        priceFactor: 1.6,
        retailers: appleOnly,
      },
      {
        brand: 'Amazon Basics',
        name: '{series}',
        series: '[Double Braided|Abrasion-Resistant|Fast Charging|USB-C to Lightning|]',
        mode: 'free',
        model: 'L6LU[C|A]%##',
        priceFactor: 0.5,
        retailers: { extra: { amazon: 30 } },
      },
      {
        brand: 'Cable Matters',
        name: '{series}',
        series: '[Ultra HD|Premium|8K|]',
        mode: 'free',
        model: '%0#-#[0|1]%-[BLK|WHT|GRY|]',
        priceFactor: 0.7,
      },
      {
        brand: 'UGREEN',
        name: '{series}',
        series: '[Uno|Nexode|Braided|]',
        mode: 'free',
        model: '#%##[0|1|2]',
        priceFactor: 0.6,
      },
    ],
  },
  {
    kind: 'power-bank',
    category: 'small-tech',
    weight: 2,
    noun: ['Portable Charger', 'Power Bank', 'Battery Pack', 'Portable Battery'],
    features: [
      ['USB-C', 'Type-C'],
      ['PD Fast Charging', 'Fast Charging'],
      ['LED Display', 'Smart Display'],
      ['MagSafe Compatible', 'Magnetic'],
    ],
    axes: [
      measures(
        'capacity',
        'spec',
        'mAh',
        [
          [5000, 0.6],
          [10000, 1],
          [20000, 1.45],
          [26800, 1.8],
        ],
        [1, 3],
      ),
    ],
    price: [19, 59],
    neweggCategory: 99,
    lines: [
      {
        brand: 'Anker',
        name: '{series}',
        series: '[PowerCore|Nano Power Bank|MagGo|Prime Power Bank|PowerCore Slim|737]',
        mode: 'free',
        model: 'A1#%#',
        weight: 3,
      },
      {
        brand: 'Belkin',
        name: 'BoostCharge {series}',
        series: '[Pro Magnetic|Plus|USB-C PD|]',
        mode: 'free',
        model: 'BP[B|D]0##',
        retailers: { extra: { apple: 4 } },
      },
      {
        brand: 'INIU',
        name: '{series}',
        series: '[BI-B|P|B6|Pocket]%#',
        mode: 'free',
        model: 'BI-B%#[0|1]',
        priceFactor: 0.6,
      },
      {
        brand: 'mophie',
        name: '{series}',
        series: '[powerstation|snap+ juice pack|powerstation plus|go]',
        mode: 'free',
        model: '4[0|1]#-1####',
        priceFactor: 1.2,
        retailers: { extra: { apple: 4 } },
      },
      {
        brand: 'Baseus',
        name: '{series}',
        series: '[Blade|Adaman|Bipow|PicoGo|EnerGeek]',
        mode: 'free',
        model: 'PPA[D|N|B]%##0#',
        priceFactor: 0.8,
      },
    ],
  },
  {
    kind: 'memory-card',
    category: 'small-tech',
    weight: 2,
    noun: ['microSDXC Card', 'Memory Card', 'microSD Card', 'SD Card'],
    features: [
      ['UHS-I U3', 'U3'],
      ['V30'],
      ['A2'],
      ['with Adapter', '+ Adapter'],
      ['for Nintendo Switch', 'Switch Compatible'],
    ],
    axes: [
      measures(
        'storage',
        'spec',
        'GB',
        [
          [64, 0.5],
          [128, 0.75],
          [256, 1],
          [512, 1.7],
          [1024, 3],
        ],
        [1, 3],
      ),
    ],
    price: [12, 39],
    neweggCategory: 20,
    lines: [
      {
        brand: 'SanDisk',
        name: '{series}',
        series: '[Extreme|Extreme PRO|Ultra|High Endurance|Max Endurance]',
        mode: 'free',
        model: 'SDSQ[XAV|XCD|UA4|QQNR|XA1]-%##',
        mpn: '{model}-{variant}-GN6MA',
        weight: 3,
      },
      {
        brand: 'Samsung',
        name: '{series}',
        series: '[EVO Select|PRO Plus|EVO Plus|PRO Endurance]',
        mode: 'free',
        model: 'MB-M[E|D|C|J]%##',
        mpn: '{model}{variant}SA/AM',
        weight: 2,
      },
      {
        brand: 'Lexar',
        name: '{series}',
        series: '[PLAY|Professional 1066x|SILVER PLUS|Professional 1800x]',
        mode: 'free',
        model: 'LMS[PLAY|1066|0SILP|1800]%##',
        priceFactor: 0.8,
      },
      {
        brand: 'Kingston',
        name: 'Canvas {series}',
        series: '[Go! Plus|Select Plus|React Plus]',
        mode: 'free',
        model: 'SD[CG3|CS2|R2]-%##',
        priceFactor: 0.7,
      },
    ],
  },
  {
    kind: 'ssd',
    category: 'small-tech',
    weight: 2,
    noun: ['SSD', 'Internal Solid State Drive', 'Portable SSD', 'Solid State Drive'],
    features: [
      ['PCIe Gen 4', 'PCIe 4.0', 'Gen4'],
      ['NVMe', 'NVMe M.2'],
      ['Up to 7,450 MB/s', '7450MB/s'],
      ['Heatsink', 'with Heatsink'],
      ['USB 3.2 Gen 2', 'USB-C'],
    ],
    axes: [
      measures(
        'storage',
        'spec',
        'GB',
        [
          [500, 0.6],
          [1024, 1],
          [2048, 1.7],
          [4096, 3.1],
        ],
        [1, 3],
      ),
    ],
    price: [69, 159],
    neweggCategory: 20,
    lines: [
      {
        brand: 'Samsung',
        name: '{series}',
        series: '[990 PRO|990 EVO Plus|980 PRO|T7 Shield|T9|870 EVO]',
        mode: 'free',
        model: 'MZ-[V9P|V9S|V8P|MU|77E]%#',
        mpn: '{model}{variant}B/AM',
        weight: 3,
      },
      {
        brand: 'WD',
        name: '{series}',
        series: '[WD_BLACK SN850X|WD_BLACK SN770|WD Blue SN580|My Passport SSD]',
        mode: 'free',
        model: 'WDS[100|200|500]T%X0[E|C|F]',
        mpn: '{model}-{variant}',
        weight: 2,
      },
      {
        brand: 'Crucial',
        name: '{series}',
        series: '[P3 Plus|T500|T700|X9 Pro|X10 Pro|MX500]',
        mode: 'free',
        model: 'CT[P|T|X][3|5|7|9]%#',
        mpn: '{model}{variant}SSD8',
        weight: 2,
      },
      {
        brand: 'SanDisk',
        name: '{series}',
        series: '[Extreme Portable SSD|Extreme PRO Portable SSD|Portable SSD]',
        mode: 'free',
        model: 'SDSSDE[61|81|30]-%##',
        mpn: '{model}-{variant}-G25',
      },
      {
        brand: 'Seagate',
        name: '{series}',
        series: '[FireCuda 530|BarraCuda Q5|FireCuda 540|One Touch SSD]',
        mode: 'free',
        model: 'ZP[1|2|4]%##[GM|CV|FV]3A0#',
        mpn: '{model}-{variant}',
      },
    ],
  },

  // ---------------- accessories made for a device ----------------
  {
    kind: 'phone-case',
    category: 'accessories',
    weight: 4,
    noun: ['Case', 'Phone Case', 'Protective Case', 'Cover'],
    features: [
      ['MagSafe Compatible', 'Magnetic', 'MagSafe'],
      ['Military Grade Drop Protection', 'Drop Protection'],
      ['Shockproof'],
      ['Slim', 'Slim Fit'],
      ['Anti-Yellowing'],
    ],
    axes: [
      colours(
        [
          'Black',
          'Crystal Clear',
          'Matte Black',
          'Frost Clear',
          'Navy',
          'Pink',
          'Purple',
          'Sierra Blue',
        ],
        [1, 4],
      ),
    ],
    price: [12, 59],
    neweggCategory: 75,
    fits: ['smartphone'],
    lines: [
      {
        brand: 'Spigen',
        name: '{series}',
        series: '[Ultra Hybrid|Tough Armor|Liquid Air|Thin Fit|Rugged Armor|Mag Armor|Cryo Armor]',
        mode: 'free',
        model: 'ACS0####',
        weight: 3,
      },
      {
        brand: 'OtterBox',
        name: '{series} Series',
        series: '[Defender|Commuter|Symmetry|Symmetry Clear|Statement|Defender Pro XT]',
        mode: 'free',
        model: '77-9####',
        priceFactor: 1.8,
        weight: 3,
        retailers: { extra: { apple: 3 } },
      },
      {
        brand: 'Case-Mate',
        name: '{series}',
        series: '[Tough Clear|Twinkle|Karat|Blox|Ultra Tough]',
        mode: 'free',
        model: 'CM0#####',
        priceFactor: 1.2,
      },
      {
        brand: 'ESR',
        name: '{series}',
        series: '[Classic Hybrid|Krystec|Air Armor|Cloud|Metal Kickstand]',
        mode: 'free',
        model: '4894240#####',
        priceFactor: 0.6,
      },
      {
        brand: 'Apple',
        name: '{series}',
        series: '[Silicone Case with MagSafe|Clear Case with MagSafe|FineWoven Case with MagSafe]',
        model: 'A3###',
        applePart: true,
        fitsBrands: ['Apple'],
        priceFactor: 1.6,
        retailers: appleOnly,
      },
      {
        brand: 'Samsung',
        name: '{series}',
        series: '[Silicone Case|Clear Case|Standing Grip Case|Kindsuit Case]',
        model: 'EF-[P|Q|R|G]S9#%',
        mpn: '{model}T{variant}EGUS',
        fitsBrands: ['Samsung'],
        priceFactor: 1.2,
      },
    ],
  },
  {
    kind: 'screen-protector',
    category: 'accessories',
    weight: 2,
    noun: ['Screen Protector', 'Tempered Glass Screen Protector', 'Glass Screen Protector'],
    features: [
      ['Tempered Glass', '9H Tempered Glass'],
      ['Easy Installation', 'Easy Install'],
      ['Case Friendly', 'Case-Friendly'],
      ['Bubble Free'],
      ['Privacy', 'Anti-Spy'],
    ],
    axes: [
      measures(
        'packSize',
        'spec',
        'pack',
        [
          [1, 1],
          [2, 1.5],
          [3, 1.9],
        ],
        [1, 2],
      ),
    ],
    price: [9, 39],
    neweggCategory: 75,
    fits: ['smartphone', 'tablet', 'smartwatch'],
    lines: [
      {
        brand: 'ZAGG',
        name: 'InvisibleShield {series}',
        series: '[Glass Elite|Glass XTR3|Ultra Clear+|Glass Elite Privacy]',
        mode: 'free',
        model: '2007#####',
        priceFactor: 2.2,
        weight: 2,
        retailers: { extra: { apple: 3 } },
      },
      {
        brand: 'Spigen',
        name: '{series}',
        series: '[GLAS.tR EZ Fit|GLAS.tR Slim|Neo Flex]',
        mode: 'free',
        model: 'AGL0####',
        weight: 2,
      },
      {
        brand: 'amFilm',
        name: '{series}',
        series: '[OneTouch|Glass|Privacy]',
        mode: 'free',
        model: 'AMF-%####',
        priceFactor: 0.5,
      },
      {
        brand: 'ESR',
        name: '{series}',
        series: '[Armorite|Tempered-Glass|Privacy Tempered-Glass]',
        mode: 'free',
        model: '4894241#####',
        priceFactor: 0.6,
      },
    ],
  },
  {
    kind: 'tablet-keyboard',
    category: 'accessories',
    weight: 1,
    noun: ['Keyboard Case', 'Keyboard Folio', 'Tablet Case with Keyboard'],
    features: [
      ['Backlit Keys', 'Backlit'],
      ['Trackpad', 'with Trackpad'],
      ['Detachable', 'Detachable Keyboard'],
      ['Bluetooth', 'BT'],
    ],
    axes: [colours(['Oxford Gray', 'Black', 'Sand', 'Blue', 'White'], [1, 2])],
    price: [49, 299],
    neweggCategory: 34,
    fits: ['tablet'],
    lines: [
      {
        brand: 'Logitech',
        name: '{series}',
        series: '[Combo Touch|Slim Folio|Rugged Combo 3 Touch|Folio Touch]',
        mode: 'free',
        model: '920-0#####',
        weight: 2,
        retailers: { extra: { apple: 4 } },
      },
      {
        brand: 'Apple',
        name: '{series}',
        series: '[Magic Keyboard|Magic Keyboard Folio|Smart Keyboard]',
        model: 'A2###',
        applePart: true,
        fitsBrands: ['Apple'],
        priceFactor: 1.8,
        retailers: appleOnly,
      },
      {
        brand: 'ESR',
        name: '{series}',
        series: '[Rebound Magnetic|Ascend|Audax]',
        mode: 'free',
        model: '4894242#####',
        priceFactor: 0.5,
      },
      {
        brand: 'Samsung',
        name: 'Book Cover Keyboard {series}',
        series: '[Slim|]',
        model: 'EF-DX%#%',
        mpn: '{model}U{variant}EGUJ',
        fitsBrands: ['Samsung'],
      },
    ],
  },
  {
    kind: 'watch-band',
    category: 'accessories',
    weight: 1,
    noun: ['Band', 'Watch Band', 'Replacement Strap', 'Strap'],
    features: [
      ['Sport Band', 'Sport'],
      ['Breathable'],
      ['Quick Release', 'Quick-Release'],
      ['Adjustable'],
    ],
    axes: [colours(['Black', 'Starlight', 'Storm Blue', 'Light Pink', 'Olive', 'Orange'], [1, 4])],
    price: [9, 49],
    neweggCategory: 75,
    fits: ['smartwatch'],
    lines: [
      {
        brand: 'Apple',
        name: '{series}',
        series: '[Sport Band|Sport Loop|Solo Loop|Braided Solo Loop|Milanese Loop]',
        model: 'A2###',
        applePart: true,
        fitsBrands: ['Apple'],
        priceFactor: 1.4,
        retailers: appleOnly,
      },
      {
        brand: 'Spigen',
        name: '{series}',
        series: '[Lite Fit|Rugged Armor Band|Modern Fit|Fit Lite Ultra]',
        mode: 'free',
        model: 'AMP0####',
        weight: 2,
      },
      {
        brand: 'Nomad',
        name: '{series}',
        series: '[Sport Band|Modern Band|Titanium Band|Active Band Pro]',
        mode: 'free',
        model: 'NM1A4[B|R|T|H]0##0',
        priceFactor: 1.5,
      },
      {
        brand: 'Fullmosa',
        name: '{series}',
        series: '[Silicone|Nylon|Leather|Stainless]',
        mode: 'free',
        model: 'FM-%####',
        priceFactor: 0.4,
      },
    ],
  },
  {
    kind: 'earbuds-case',
    category: 'accessories',
    weight: 1,
    noun: ['Case', 'Case Cover', 'Protective Case'],
    features: [
      ['Shockproof'],
      ['with Keychain', 'Keychain'],
      ['Wireless Charging Compatible'],
      ['Silicone', 'Soft Silicone'],
    ],
    axes: [colours(['Black', 'Clear', 'Pink', 'Blue', 'White', 'Green'], [1, 4])],
    price: [8, 29],
    neweggCategory: 36,
    fits: ['earbuds'],
    lines: [
      {
        brand: 'Spigen',
        name: '{series}',
        series: '[Rugged Armor|Silicone Fit|Ultra Hybrid|Tag Armor Duo]',
        mode: 'free',
        model: 'ASD0####',
        weight: 2,
      },
      {
        brand: 'ESR',
        name: '{series}',
        series: '[HaloLock|Cyber Armor|Pulse|Bounce]',
        mode: 'free',
        model: '4894243#####',
        priceFactor: 0.7,
      },
      {
        brand: 'OtterBox',
        name: '{series}',
        series: '[Lumen Series|Soft Touch|Ispra Series]',
        mode: 'free',
        model: '77-8####',
        priceFactor: 1.6,
      },
    ],
  },
  {
    kind: 'controller-charger',
    category: 'accessories',
    weight: 1,
    noun: ['Charging Station', 'Controller Charger', 'Charging Dock', 'Charging Stand'],
    features: [
      ['Fast Charging', 'Fast Charge'],
      ['LED Indicator', 'LED'],
      ['Dual', '2 Controllers'],
    ],
    axes: [colours(['Black', 'White'], [1, 2])],
    price: [19, 39],
    neweggCategory: 74,
    fits: ['controller', 'console'],
    lines: [
      {
        brand: 'PlayStation',
        name: 'DualSense {series}',
        series: '[Charging Station|Edge Charging Station]',
        model: 'CFI-ZDS%',
        fitsBrands: ['PlayStation'],
        noun: [''],
        retailers: playStationOnly,
      },
      {
        brand: 'PowerA',
        name: '{series}',
        series: '[Charging Station|Twin Charging Station|Charge Cradle|Enhanced Charging Stand]',
        mode: 'free',
        model: '15#####-1%',
        weight: 2,
      },
      {
        brand: 'Nyko',
        name: '{series}',
        series: '[Charge Base|Charge Block|Charge Link|Charge Station]',
        mode: 'free',
        model: '8#%##',
        priceFactor: 0.8,
      },
    ],
  },
  {
    kind: 'laptop-sleeve',
    category: 'accessories',
    weight: 1,
    noun: ['Laptop Sleeve', 'Laptop Case', 'Sleeve'],
    features: [
      ['Water-Resistant', 'Water Resistant'],
      ['360\u00b0 Protective', 'Shockproof'],
      ['with Accessory Pocket', 'Pocket'],
      ['Slim'],
    ],
    axes: [colours(['Black', 'Gray', 'Navy', 'Blush', 'Khaki'], [1, 3])],
    price: [15, 49],
    neweggCategory: 34,
    fits: ['laptop'],
    lines: [
      {
        brand: 'tomtoc',
        name: '{series}',
        series: '[360 Protective|Versatile|Slim|Arccos|Defender-A13]',
        mode: 'free',
        model: 'A1[3|4]-[A|B|C|D]0#[D|E|G|H]#',
        weight: 2,
      },
      {
        brand: 'Incase',
        name: '{series}',
        series: '[ICON Sleeve|Compact Sleeve|Facet Sleeve|Slim Sleeve]',
        mode: 'free',
        model: 'INMB10###-[BLK|GFT|NVY]',
        priceFactor: 1.3,
        retailers: { extra: { apple: 3 } },
      },
      {
        brand: 'Amazon Basics',
        name: '{series}',
        series: '[Laptop Sleeve|Slim Laptop Sleeve|Zippered Sleeve]',
        mode: 'free',
        model: 'NC1[3|4|5]0#[1|2]',
        priceFactor: 0.5,
        retailers: { extra: { amazon: 20 } },
      },
    ],
  },
];

/** How often each retailer carries a category (0: never). Apple and PlayStation Direct sell
 * only what a product line says they do. */
export const categoryRetailers: Record<DemoCategory, RetailerWeights> = {
  electronics: { amazon: 10, bestbuy: 9, walmart: 8, target: 6, ebay: 6, newegg: 5, costco: 4 },
  gaming: { amazon: 10, bestbuy: 8, walmart: 8, target: 7, ebay: 6, newegg: 3, costco: 2 },
  home: { amazon: 10, walmart: 9, target: 7, costco: 5, bestbuy: 4, ebay: 4, newegg: 1 },
  kitchen: { amazon: 10, walmart: 9, target: 8, costco: 5, bestbuy: 3, ebay: 4, newegg: 1 },
  appliances: { bestbuy: 9, walmart: 6, costco: 6, amazon: 3, ebay: 2, newegg: 1 },
  'small-tech': { amazon: 10, bestbuy: 7, walmart: 7, target: 5, ebay: 6, newegg: 6, costco: 2 },
  accessories: { amazon: 10, walmart: 7, bestbuy: 6, target: 6, ebay: 5, newegg: 2, costco: 1 },
};

/** How PlayStation Direct writes its trademarks. */
export const playStationMarks: readonly (readonly [string, string])[] = [
  ['PlayStation 5', 'PlayStation\u00ae5'],
  ['PlayStation 4', 'PlayStation\u00ae4'],
  ['DualSense Edge', 'DualSense Edge\u2122'],
  ['DualSense', 'DualSense\u2122'],
  ['PULSE 3D', 'PULSE 3D\u2122'],
  ['PULSE Elite', 'PULSE Elite\u2122'],
  ['PULSE Explore', 'PULSE Explore\u2122'],
];

/** Brands whose GTINs are EAN-13s with their country's prefix rather than US UPCs. */
export const europeanBrands: Record<string, string> = {
  Philips: '87',
  Sennheiser: '40',
  Bosch: '40',
  "De'Longhi": '80',
  Dyson: '50',
  Marshall: '73',
  Kenwood: '50',
  Nespresso: '76',
  Jabra: '57',
};
