/**
 * The demo catalog (issue 4 "Demo catalog"): a deterministic, seeded generator of products as
 * the nine retailers of spec §3 list them. It is lazy, so a million offers never sit in memory
 * together, and the same seed gives byte-identical output; a smaller catalog is a prefix of a
 * larger one with the same seed.
 *
 * What makes it useful for matching (research/matching.md): each product has a valid GTIN,
 * but only some shops show it; the MPN or model number appears on some shops and in some
 * titles; every shop writes its own title; colour, size and storage variants of one model are
 * different products with different GTINs and near-identical titles; accessories name the
 * device they fit ("Case for iPhone 15 Pro") and are products of their own; Costco sells
 * bundles under its own item numbers; eBay and Amazon sell refurbished and used units.
 */
import { gtinCheckDigit } from '@ipick/core';
import type { Availability, Condition, OfferInput } from '../catalog/catalog-types.ts';
import { DemoRandom, hashText, scatter } from './catalog-random.ts';
import {
  applePartNumber,
  demoRetailerKeys,
  productUrlFor,
  retailerProductIdFor,
  type DemoRetailerKey,
  type PlayStationSection,
} from './catalog-retailers.ts';
import { fillTemplate, templateSpace } from './catalog-templates.ts';
import { canonicalTitle, retailerTitle, type TitleFacts } from './catalog-titles.ts';
import {
  categoryRetailers,
  demoKinds,
  europeanBrands,
  gameNameTemplate,
  type Axis,
  type AxisValue,
  type DemoCategory,
  type KindWords,
  type LineWords,
  type Phrase,
} from './catalog-words.ts';

export type { DemoCategory } from './catalog-words.ts';
export type { DemoRetailerKey } from './catalog-retailers.ts';

/** One past price of an offer. */
export interface DemoPricePoint {
  daysAgo: number;
  priceMinor: number;
  availability: Availability;
}

/** A retailer's listing of a demo product, ready for CatalogRepository.upsertOffers. */
export interface DemoOffer {
  retailer: DemoRetailerKey;
  offer: OfferInput;
  /** Oldest first; every point is at least one day old. */
  history: DemoPricePoint[];
}

export interface DemoProduct {
  /** Stable for a seed: `demo-<seed>-<index>`. */
  key: string;
  /** Shared by the colour, size and storage variants of one model. */
  family: string;
  /** The product line the family belongs to (brand, name and series templates). */
  line: string;
  /** The family's series, e.g. 'S10+' of the Galaxy Tab line. */
  series: string;
  /** Accessories: the family of the device they fit. Not the same product as that device. */
  accessoryFor: string | null;
  category: DemoCategory;
  kind: string;
  brand: string;
  model: string | null;
  mpn: string | null;
  /** 14 digits with a valid GS1 check digit. */
  gtin: string;
  title: string;
  attributes: Record<string, string>;
  /** The list price (MSRP) in cents. */
  basePriceMinor: number;
  offers: DemoOffer[];
}

export interface DemoCatalogOptions {
  seed?: number;
  /** How many products; 3,000 by default, or unlimited when `offers` is given. */
  products?: number;
  /** Stop once this many offers were produced (benchmarks ask for 100k or 1M offers). */
  offers?: number;
}

/** Retailer ids and GTIN item numbers are unique by construction up to this many products. */
export const DEMO_CATALOG_MAX_PRODUCTS = 1_000_000;

const DEFAULT_PRODUCTS = 3_000;
const CURRENCY = 'USD';
const MAX_VARIANTS = 6;
const RECENT_DEVICES = 48;
/** Kinds that accessories are made for. */
const deviceKinds = new Set([
  'smartphone',
  'tablet',
  'smartwatch',
  'earbuds',
  'laptop',
  'controller',
  'console',
]);
/** Candidate days of past prices, oldest first. */
const historyDays = Array.from({ length: 180 }, (_, i) => 180 - i);

// ---- generator state ----

interface DeviceRef {
  family: string;
  brand: string;
  /** How accessories name it: 'iPhone 15 Pro', 'Samsung Galaxy S24'. */
  title: string;
}

interface Family {
  key: string;
  kind: KindWords;
  line: LineWords;
  name: string;
  series: string;
  /** With {v} still in it when a variant is part of the model number. */
  model: string | null;
  noun: Phrase;
  features: Phrase[];
  specAttributes: Record<string, string>;
  variants: { axis: Axis; value: AxisValue }[][];
  listPrice: number;
  device: DeviceRef | null;
  bundle: string | null;
}

class CatalogState {
  readonly random: DemoRandom;
  readonly seed: number;
  readonly salt: number;
  readonly seriesCounters = new Map<string, number>();
  readonly lineCounters = new Map<LineWords, number>();
  readonly retailerCounters = new Map<DemoRetailerKey, number>();
  readonly devices = new Map<string, DeviceRef[]>();
  applePartCounter = 0;

  constructor(seed: number) {
    this.seed = seed;
    this.random = new DemoRandom(seed);
    this.salt = hashText(`ipick-demo-${seed}`);
  }

  next<K>(counters: Map<K, number>, key: K): number {
    const value = counters.get(key) ?? 0;
    counters.set(key, value + 1);
    return value;
  }

  rememberDevice(kind: string, device: DeviceRef): void {
    const list = this.devices.get(kind) ?? [];
    list.push(device);
    if (list.length > RECENT_DEVICES) list.shift();
    this.devices.set(kind, list);
  }
}

// ---- families ----

function isLineAvailable(state: CatalogState, line: LineWords): boolean {
  const mode = line.mode ?? 'unique';
  if (mode === 'free') return true;
  const used = state.seriesCounters.get(line.series) ?? 0;
  if (mode === 'unique') return used < templateSpace(line.series);
  return (
    used < templateSpace(line.series) ||
    (state.seriesCounters.get(gameNameTemplate) ?? 0) < templateSpace(gameNameTemplate)
  );
}

function devicesFor(state: CatalogState, kind: KindWords, line: LineWords): DeviceRef[] {
  return (kind.fits ?? []).flatMap((fit) =>
    (state.devices.get(fit) ?? []).filter(
      (device) => !line.fitsBrands || line.fitsBrands.includes(device.brand),
    ),
  );
}

function hasDevicesFor(state: CatalogState, kind: KindWords, line: LineWords): boolean {
  return (kind.fits ?? []).some((fit) =>
    (state.devices.get(fit) ?? []).some(
      (device) => !line.fitsBrands || line.fitsBrands.includes(device.brand),
    ),
  );
}

function chooseKindAndLine(state: CatalogState): { kind: KindWords; line: LineWords } {
  const random = state.random;
  const choices = demoKinds
    .map((kind) => ({
      kind,
      lines: kind.lines.filter(
        (line) => isLineAvailable(state, line) && (!kind.fits || hasDevicesFor(state, kind, line)),
      ),
    }))
    .filter((choice) => choice.lines.length > 0);
  if (choices.length === 0) throw new RangeError('the demo vocabulary ran out of products');
  const { kind, lines } = random.weighted(choices, (choice) => choice.kind.weight);
  return { kind, line: random.weighted(lines, (line) => line.weight ?? 1) };
}

function nextSeries(
  state: CatalogState,
  line: LineWords,
): { series: string; bundle: string | null } {
  const mode = line.mode ?? 'unique';
  if (mode === 'free') {
    return {
      series: fillTemplate(
        line.series,
        state.random.int(0, templateSpace(line.series) - 1),
        state.salt,
      ),
      bundle: null,
    };
  }
  const space = templateSpace(line.series);
  const used = state.seriesCounters.get(line.series) ?? 0;
  if (mode === 'unique' || used < space) {
    return {
      series: fillTemplate(line.series, state.next(state.seriesCounters, line.series), state.salt),
      bundle: null,
    };
  }
  // 'bundles': every console again, now with a game that has a name of its own.
  const game = fillTemplate(
    gameNameTemplate,
    state.next(state.seriesCounters, gameNameTemplate),
    state.salt,
  );
  return {
    series: fillTemplate(line.series, state.random.int(0, space - 1), state.salt),
    bundle: game,
  };
}

function pickVariants(
  random: DemoRandom,
  axes: readonly Axis[],
): { axis: Axis; value: AxisValue }[][] {
  let combos: { axis: Axis; value: AxisValue }[][] = [[]];
  for (const axis of axes) {
    const count = random.int(axis.count[0], Math.min(axis.count[1], axis.values.length));
    const values = random.sample(axis.values, count);
    combos = combos.flatMap((combo) => values.map((value) => [...combo, { axis, value }]));
  }
  return combos.length > MAX_VARIANTS ? random.sample(combos, MAX_VARIANTS) : combos;
}

function deviceTitle(brand: string, name: string, kind: KindWords, noun: Phrase): string {
  const named =
    brand === 'Apple' || name.toLowerCase().startsWith(brand.toLowerCase())
      ? name
      : `${brand} ${name}`;
  return kind.kind === 'controller' && noun[0] ? `${named} ${noun[0]}` : named;
}

function planFamily(state: CatalogState, familyIndex: number): Family {
  const random = state.random;
  const { kind, line } = chooseKindAndLine(state);
  const key = `demo-${state.seed}-f${String(familyIndex).padStart(6, '0')}`;
  const { series, bundle } = nextSeries(state, line);
  const lineIndex = state.next(state.lineCounters, line);
  const lineSalt = (state.salt ^ hashText(`${line.brand}|${line.name}|${line.series}`)) >>> 0;
  const name = fillTemplate(line.name, lineIndex, lineSalt).replace('{series}', series);
  const model =
    line.model === null
      ? null
      : fillTemplate(line.model, lineIndex, lineSalt).replace('{series}', series);

  const features: Phrase[] = [...(line.features ?? [])];
  const pool = kind.features.filter((feature) => !features.includes(feature));
  features.push(...random.sample(pool, random.int(1, Math.min(3, pool.length))));
  const specAttributes: Record<string, string> = {};
  for (const spec of line.specs ?? kind.specs ?? []) {
    const value = random.pick(spec.values);
    specAttributes[spec.attribute] = value[0]!;
    features.push(value);
  }

  const nouns = line.noun ?? kind.noun;
  const device = kind.fits ? random.pick(devicesFor(state, kind, line)) : null;
  const listPrice = familyListPrice(kind, line, series, random) * (bundle ? 1.12 : 1);
  const family: Family = {
    key,
    kind,
    line,
    name,
    series,
    model,
    noun: nouns,
    features,
    specAttributes,
    variants: pickVariants(random, line.axes ?? kind.axes),
    listPrice,
    device,
    bundle,
  };
  if (deviceKinds.has(kind.kind)) {
    state.rememberDevice(kind.kind, {
      family: key,
      brand: line.brand,
      title: deviceTitle(line.brand, name.replace('{v}', ''), kind, nouns),
    });
  }
  return family;
}

// ---- prices ----

/** How far one family's list price strays from its line's base (a named model's: less). */
const FAMILY_SPREAD = 0.12;
const NAMED_SERIES_SPREAD = 0.03;

/**
 * A family's list price in dollars, before variant factors: a known model's own price, else
 * the line's base (the kind's typical price, the geometric middle of its range, times the
 * line's factor), each a little off. Drawn per line, not per family, so two families of one
 * line (the USB-C and Lightning AirPods Max) cost about the same, and a Galaxy Tab S10+ is
 * never priced like a budget tablet.
 */
function familyListPrice(
  kind: KindWords,
  line: LineWords,
  series: string,
  random: DemoRandom,
): number {
  const named = line.seriesPrices?.[series];
  const base = named ?? Math.sqrt(kind.price[0] * kind.price[1]) * (line.priceFactor ?? 1);
  const spread = named === undefined ? FAMILY_SPREAD : NAMED_SERIES_SPREAD;
  return base * random.between(1 - spread, 1 + spread);
}

/** A list price the way brands set them: 24.99, 149.99, 349.99, 1,499.99; Apple's end in .00. */
function listPriceMinor(dollars: number, isApple: boolean): number {
  const step = dollars < 30 ? 1 : dollars < 200 ? 5 : dollars < 1000 ? 10 : 50;
  const whole = Math.max(step, Math.round(dollars / step) * step);
  return whole * 100 - (isApple ? 0 : 1);
}

/** A shop's price near `dollars`, with the cents that shop likes. */
function shopPriceMinor(retailer: DemoRetailerKey, dollars: number, random: DemoRandom): number {
  let cents: number;
  switch (retailer) {
    case 'walmart':
      cents = random.pick([0, 97, 88, 99, 98, 94, 0]);
      break;
    case 'amazon':
      cents = random.chance(0.55)
        ? 99
        : random.chance(0.3)
          ? random.pick([95, 0, 49])
          : random.int(0, 99);
      break;
    case 'ebay':
      cents = random.chance(0.6) ? random.pick([99, 95, 0, 49]) : random.int(0, 99);
      break;
    case 'costco':
      cents = random.pick([99, 99, 99, 97, 89]);
      break;
    default:
      cents = 99;
  }
  // The nearest price with those cents: 339.49 with .99 cents is 338.99, not 339.99.
  const whole = Math.max(0, Math.round(dollars - cents / 100));
  return Math.max(99, whole * 100 + cents);
}

/** How far below or above list price a retailer usually sells (a factor of list price). */
function priceFactor(retailer: DemoRetailerKey, condition: Condition, random: DemoRandom): number {
  // Second-hand units sell under new ones, but not so far that a listing looks like a mistake.
  if (condition === 'refurbished') return random.between(0.76, 0.88);
  if (condition === 'used') return random.between(0.7, 0.8);
  const onSale = random.chance(0.22);
  switch (retailer) {
    case 'costco':
      return onSale ? random.between(0.8, 0.9) : random.between(0.9, 0.97);
    case 'amazon':
    case 'walmart':
      return onSale ? random.between(0.78, 0.92) : random.between(0.93, 1.0);
    case 'ebay':
      return random.between(0.82, 1.02);
    case 'newegg':
      return onSale ? random.between(0.8, 0.92) : random.between(0.94, 1.01);
    default:
      return onSale ? random.between(0.8, 0.92) : random.between(0.97, 1.0);
  }
}

function availabilityOf(retailer: DemoRetailerKey, kind: string, random: DemoRandom): Availability {
  const outOfStock = retailer === 'playstation' ? 0.15 : retailer === 'apple' ? 0.02 : 0.08;
  if (random.chance(outOfStock)) return 'out_of_stock';
  if (kind === 'video-game' && random.chance(0.03)) return 'preorder';
  if (random.chance(0.02)) return 'limited';
  if ((retailer === 'newegg' || retailer === 'bestbuy') && random.chance(0.015)) return 'backorder';
  return 'in_stock';
}

function shippingOf(
  retailer: DemoRetailerKey,
  priceMinor: number,
  random: DemoRandom,
): number | null {
  switch (retailer) {
    case 'walmart':
      return priceMinor >= 3500 ? 0 : 699;
    case 'target':
    case 'bestbuy':
      return priceMinor >= 3500 ? 0 : 599;
    case 'amazon': {
      // Drawn whatever the price, so that a change of prices leaves the rest of the catalog
      // (titles, shops, identifiers) as it was.
      const shipsFree = random.chance(0.6);
      return priceMinor >= 3500 || shipsFree ? 0 : 599;
    }
    case 'ebay':
      return random.chance(0.6)
        ? 0
        : random.chance(0.15)
          ? null
          : random.pick([499, 799, 999, 1499, 1999]);
    case 'newegg':
      return random.chance(0.7) ? 0 : random.pick([299, 499, 999]);
    default:
      // Costco, Apple and PlayStation Direct include shipping.
      return 0;
  }
}

function conditionOf(retailer: DemoRetailerKey, random: DemoRandom): Condition {
  if (retailer === 'ebay') {
    const roll = random.next();
    return roll < 0.18 ? 'refurbished' : roll < 0.28 ? 'used' : 'new';
  }
  if (retailer === 'amazon' && random.chance(0.06)) return 'refurbished';
  return 'new';
}

function historyOf(
  retailer: DemoRetailerKey,
  listPrice: number,
  currentMinor: number,
  condition: Condition,
  random: DemoRandom,
): DemoPricePoint[] {
  const count = random.weighted([0, 1, 2, 3, 4, 5, 6], (n) => [10, 15, 20, 20, 15, 12, 8][n]!);
  const days = random.sample(historyDays, count);
  // Apple and PlayStation Direct sell at list price and rarely change it.
  const isFixed = retailer === 'apple' || retailer === 'playstation';
  return days.map((daysAgo) => ({
    daysAgo,
    priceMinor: isFixed
      ? currentMinor
      : random.chance(0.3)
        ? currentMinor
        : shopPriceMinor(
            retailer,
            (listPrice / 100) * priceFactor(retailer, condition, random),
            random,
          ),
    availability: random.chance(0.06) ? 'out_of_stock' : 'in_stock',
  }));
}

// ---- retailers and offers ----

const retailerCounts = [2, 3, 4, 5, 6, 7];
const retailerCountWeights = [20, 28, 24, 15, 8, 5];

function chooseRetailers(random: DemoRandom, kind: KindWords, line: LineWords): DemoRetailerKey[] {
  const weights = { ...categoryRetailers[kind.category], ...kind.retailers };
  for (const [retailer, extra] of Object.entries(line.retailers?.extra ?? {})) {
    const key = retailer as DemoRetailerKey;
    weights[key] = (weights[key] ?? 0) + extra;
  }
  const must = [...(line.retailers?.must ?? [])];
  const only = line.retailers?.only;
  let pool = demoRetailerKeys.filter(
    (key) => (weights[key] ?? 0) > 0 && !must.includes(key) && (!only || only.includes(key)),
  );
  const wanted = Math.min(
    random.weighted(retailerCounts, (n) => retailerCountWeights[n - 2]!),
    pool.length + must.length,
  );
  const chosen = new Set<DemoRetailerKey>(must);
  while (chosen.size < wanted) {
    const next = random.weighted(pool, (key) => weights[key] ?? 0);
    chosen.add(next);
    pool = pool.filter((key) => key !== next);
  }
  return demoRetailerKeys.filter((key) => chosen.has(key));
}

/** How often a retailer shows the GTIN and the MPN on its listing. */
const identifierOdds: Record<DemoRetailerKey, { gtin: number; mpn: number }> = {
  amazon: { gtin: 0.15, mpn: 0.6 },
  ebay: { gtin: 0.5, mpn: 0.5 },
  walmart: { gtin: 0.9, mpn: 0.5 },
  target: { gtin: 0.85, mpn: 0.2 },
  bestbuy: { gtin: 0.9, mpn: 0.95 },
  newegg: { gtin: 0.4, mpn: 0.9 },
  costco: { gtin: 0.3, mpn: 0.4 },
  apple: { gtin: 0, mpn: 1 },
  playstation: { gtin: 0, mpn: 0.5 },
};

function shownMpn(retailer: DemoRetailerKey, mpn: string, random: DemoRandom): string {
  // eBay sellers and Newegg often drop the punctuation; identifiers still compare equal.
  if ((retailer === 'ebay' || retailer === 'newegg') && random.chance(0.3))
    return mpn.replace(/[-/ ]/g, '');
  return mpn;
}

function playStationSection(kind: string): PlayStationSection {
  if (kind === 'console') return 'consoles/console';
  if (kind === 'video-game') return 'games/video-game';
  return 'accessories/accessory';
}

function gtinFor(brand: string, productIndex: number, salt: number): string {
  const item = String(scatter(productIndex, 1_000_000, salt)).padStart(6, '0');
  const company = String(hashText(brand) % 10_000).padStart(4, '0');
  const country = europeanBrands[brand];
  const numberSystem = '01678'[hashText(`ns|${brand}`) % 5]!;
  const body = country ? `0${country}${company}${item}` : `00${numberSystem}${company}${item}`;
  return `${body}${gtinCheckDigit(body)}`;
}

function buildProduct(
  state: CatalogState,
  family: Family,
  combo: { axis: Axis; value: AxisValue }[],
  productIndex: number,
): DemoProduct {
  const random = state.random;
  const { kind, line } = family;
  const inModel = combo.find((part) => part.axis.inModel)?.value.code ?? '';
  const name = family.name.replace('{v}', inModel);
  const model = family.model?.replace('{v}', inModel) ?? null;
  // A variant shown in the model number (a TV's size) need not be repeated in the MPN.
  const modelShowsVariant = family.model?.includes('{v}') ?? false;
  const variantCode = combo
    .filter((part) => !(part.axis.inModel && modelShowsVariant))
    .map((part) => part.value.code)
    .join('');
  const isDevice = !['accessories', 'small-tech'].includes(kind.category);
  let mpn: string | null = null;
  if (line.applePart) {
    mpn = applePartNumber(state.applePartCounter++, state.salt, isDevice);
  } else if (line.mpn !== null && model !== null) {
    let template = line.mpn ?? '{model}';
    if (!template.includes('{variant}') && variantCode !== '') template += '-{variant}';
    mpn = template.replace('{model}', model).replace('{variant}', variantCode);
  }

  const attributes: Record<string, string> = { kind: kind.kind, ...family.specAttributes };
  for (const part of combo) attributes[part.axis.attribute] = part.value.value;
  if (family.device) attributes.compatibleWith = family.device.title;
  if (family.bundle) attributes.bundle = family.bundle;

  const byRole = (role: string) =>
    combo.filter((part) => part.axis.role === role).map((part) => part.value.forms);
  const isApple = line.brand === 'Apple';
  const listPrice = listPriceMinor(
    combo.reduce((price, part) => price * part.value.priceFactor, family.listPrice),
    isApple,
  );
  const facts: TitleFacts = {
    kind: kind.kind,
    brand: line.brand,
    name,
    noun: family.noun,
    features: family.features,
    sizes: byRole('size'),
    specs: byRole('spec'),
    colour: byRole('colour')[0] ?? null,
    platform: byRole('platform')[0] ?? null,
    // Shops do not repeat a model number that is already the product's name.
    model: model !== null && name.includes(model) ? null : model,
    forDevice: family.device?.title ?? null,
    bundle: family.bundle,
    isGame: kind.kind === 'video-game',
    sizeLeads: kind.kind === 'tv' || kind.kind === 'monitor',
    condition: 'new',
    costcoExtra: null,
  };
  const gtin = gtinFor(line.brand, productIndex, state.salt);

  const offers: DemoOffer[] = [];
  for (const retailer of chooseRetailers(random, kind, line)) {
    const condition = conditionOf(retailer, random);
    const costcoExtra =
      retailer === 'costco' && kind.bundles && random.chance(0.25)
        ? random.pick(kind.bundles)
        : null;
    const title = retailerTitle(retailer, { ...facts, condition, costcoExtra }, random);
    const isListPrice = retailer === 'apple' || retailer === 'playstation';
    const priceMinor = isListPrice
      ? listPrice
      : shopPriceMinor(
          retailer,
          (listPrice / 100) * priceFactor(retailer, condition, random),
          random,
        );
    const odds = identifierOdds[retailer];
    // A Costco bundle is its own item: the maker's GTIN and MPN do not apply to it.
    const showsGtin = !costcoExtra && random.chance(odds.gtin * (condition === 'new' ? 1 : 0.5));
    const showsMpn = !costcoExtra && mpn !== null && random.chance(odds.mpn);
    // A listing with neither identifier could not be linked to its product and would be
    // listed in Browse as a product of its own, beside the real one: such a shop shows the
    // MPN (the GTIN where the product has none). Only a Costco bundle, its own item, has none.
    const unlinkable = !costcoExtra && !showsGtin && !showsMpn;
    const id = retailerProductIdFor(
      retailer,
      state.next(state.retailerCounters, retailer),
      state.salt,
      {
        neweggCategory: kind.neweggCategory,
        applePart: isApple ? mpn : null,
      },
    );
    // Shops that write the brand in capitals do so in their brand field too.
    const upperBrand = line.brand.toUpperCase();
    const brandShown =
      upperBrand !== line.brand && title.startsWith(upperBrand) ? upperBrand : line.brand;
    offers.push({
      retailer,
      offer: {
        retailerProductId: id,
        url: productUrlFor(retailer, id, title, playStationSection(kind.kind)),
        title,
        brand: brandShown,
        gtin: showsGtin || (unlinkable && mpn === null) ? gtin : null,
        mpn:
          mpn === null
            ? null
            : showsMpn
              ? shownMpn(retailer, mpn, random)
              : unlinkable
                ? mpn
                : null,
        modelNumbers: model !== null && title.includes(model) ? [model] : [],
        category: kind.category,
        imageUrl: null,
        priceMinor,
        currency: CURRENCY,
        availability: availabilityOf(retailer, kind.kind, random),
        condition,
        shippingMinor: shippingOf(retailer, priceMinor, random),
        attributes,
      },
      history: historyOf(retailer, listPrice, priceMinor, condition, random),
    });
  }
  linkableEverywhere(offers, mpn, random);

  return {
    key: `demo-${state.seed}-${String(productIndex).padStart(6, '0')}`,
    family: family.key,
    line: `${line.brand}|${line.name}|${line.series}`,
    series: family.series,
    accessoryFor: family.device?.family ?? null,
    category: kind.category,
    kind: kind.kind,
    brand: line.brand,
    model,
    mpn,
    gtin,
    title: canonicalTitle(facts),
    attributes,
    basePriceMinor: listPrice,
    offers,
  };
}

/**
 * The catalog links an offer to a product by GTIN, else by brand and MPN, and records the
 * identifiers of the offer that created the product. An offer with only a GTIN and another
 * with only an MPN would then make two products or one depending on which came first; giving
 * such GTIN-only offers the MPN too makes the result the same in any load order.
 */
function linkableEverywhere(offers: DemoOffer[], mpn: string | null, random: DemoRandom): void {
  if (mpn === null) return;
  const hasMpnOnly = offers.some(({ offer }) => offer.gtin === null && offer.mpn !== null);
  if (!hasMpnOnly) return;
  for (const { retailer, offer } of offers) {
    if (offer.gtin !== null && offer.mpn === null) offer.mpn = shownMpn(retailer, mpn, random);
  }
}

/**
 * The demo catalog for `seed`, one product at a time. Deterministic: the same options give
 * byte-identical products, and a catalog of n products is the first n of a larger one.
 */
export function* generateDemoCatalog(options: DemoCatalogOptions = {}): Generator<DemoProduct> {
  const seed = options.seed ?? 1;
  const maxOffers = options.offers ?? Number.POSITIVE_INFINITY;
  const maxProducts =
    options.products ??
    (options.offers === undefined ? DEFAULT_PRODUCTS : DEMO_CATALOG_MAX_PRODUCTS);
  if (!Number.isInteger(seed)) throw new RangeError('seed must be an integer');
  if (maxProducts > DEMO_CATALOG_MAX_PRODUCTS) {
    throw new RangeError(`at most ${DEMO_CATALOG_MAX_PRODUCTS} demo products`);
  }
  const state = new CatalogState(seed);
  let productIndex = 0;
  let offerCount = 0;
  let familyIndex = 0;
  while (productIndex < maxProducts && offerCount < maxOffers) {
    const family = planFamily(state, familyIndex++);
    for (const combo of family.variants) {
      if (productIndex >= maxProducts || offerCount >= maxOffers) return;
      const product = buildProduct(state, family, combo, productIndex++);
      offerCount += product.offers.length;
      yield product;
    }
  }
}
