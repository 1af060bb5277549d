/**
 * Titles as each retailer writes them (research/matching.md: the same product reads
 * differently on every shop). Amazon strings features together and ends with the colour;
 * Best Buy writes "Brand - … - Colour"; Walmart leads with the size class and may end with
 * the model number; eBay sellers abbreviate, shout and cut at 80 characters; Newegg puts the
 * model in brackets; Costco writes series and bundles; Apple and PlayStation Direct write
 * their own names with their own marks.
 */
import type { Condition } from '../catalog/catalog-types.ts';
import type { DemoRandom } from './catalog-random.ts';
import type { DemoRetailerKey } from './catalog-retailers.ts';
import { playStationMarks, type Phrase } from './catalog-words.ts';

export interface TitleFacts {
  kind: string;
  brand: string;
  /** The family's name, e.g. 'WH-1000XM5', 'Galaxy S24 Ultra', a game's title. */
  name: string;
  /** [''] when the name already says what it is. */
  noun: Phrase;
  features: readonly Phrase[];
  sizes: readonly Phrase[];
  specs: readonly Phrase[];
  colour: Phrase | null;
  platform: Phrase | null;
  model: string | null;
  /** Accessories: the device they are made for, e.g. 'iPhone 15 Pro'. */
  forDevice: string | null;
  /** Consoles: the game they come bundled with. */
  bundle: string | null;
  isGame: boolean;
  /** Screens: shops lead with the size ('65" Class …'); watches and fryers do not. */
  sizeLeads: boolean;
  condition: Condition;
  /** Costco: what its bundle adds. */
  costcoExtra: string | null;
}

const EBAY_MAX_TITLE = 80;

function form(phrase: Phrase, index: number): string {
  return phrase[Math.min(index, phrase.length - 1)]!;
}

function anyForm(phrase: Phrase, random: DemoRandom): string {
  return phrase[random.int(0, phrase.length - 1)]!;
}

function lastForm(phrase: Phrase): string {
  return phrase[phrase.length - 1]!;
}

function clean(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .replace(/\s+([,)])/g, '$1')
      .replace(/,\s*,/g, ',')
      // "Google TV TV", "Unlocked Unlocked Phone": a feature that ends with the noun's word.
      .replace(/\b(\w+)(?: \1\b)+/gi, '$1')
      .replace(/^[\s,-]+|[\s,-]+$/g, '')
      .trim()
  );
}

function startsWithBrand(facts: TitleFacts): boolean {
  return facts.name.toLowerCase().startsWith(facts.brand.toLowerCase());
}

function brandLead(facts: TitleFacts, brand = facts.brand): string {
  return startsWithBrand(facts) ? '' : brand;
}

function noun(facts: TitleFacts, random: DemoRandom, preferred: number | null): string {
  return preferred === null ? anyForm(facts.noun, random) : form(facts.noun, preferred);
}

function words(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
}

function listTail(parts: (string | null | undefined)[], separator = ', '): string {
  const present = parts.filter((part): part is string => typeof part === 'string' && part !== '');
  return present.length === 0 ? '' : `${separator}${present.join(separator)}`;
}

function edition(facts: TitleFacts, index: number): string {
  return facts.specs.map((spec) => form(spec, index)).join(' ');
}

function forText(facts: TitleFacts, random: DemoRandom, phrases: readonly string[]): string {
  return facts.forDevice ? `${random.pick(phrases)} ${facts.forDevice}` : '';
}

function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 20 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,-]+$/, '');
}

function amazonTitle(facts: TitleFacts, random: DemoRandom): string {
  if (facts.isGame) {
    return words(facts.name, edition(facts, 0), '-', form(facts.platform!, 0));
  }
  const features = facts.features
    .slice(0, random.int(2, 4))
    .map((feature) => form(feature, random.int(0, 1)));
  const lead = words(
    brandLead(facts),
    facts.name,
    ...facts.sizes.map((size) => form(size, 1)),
    ...features,
    forText(facts, random, ['Designed for', 'for', 'Compatible with']),
    noun(facts, random, random.int(0, 1)),
    facts.bundle && `\u2013 ${facts.bundle} Bundle`,
  );
  const tail = listTail([
    ...facts.specs.map((spec) => form(spec, 0)),
    facts.colour && form(facts.colour, 0),
  ]);
  const model = facts.model && random.chance(0.35) ? ` (${facts.model})` : '';
  const renewed = facts.condition === 'refurbished' ? ' (Renewed)' : '';
  return clean(`${lead}${tail}${model}${renewed}`);
}

function walmartTitle(facts: TitleFacts, random: DemoRandom): string {
  if (facts.isGame) {
    return clean(
      `${words(facts.name, edition(facts, 0))}, ${facts.brand}, ${form(facts.platform!, 0)}`,
    );
  }
  const brand = random.chance(0.3) ? facts.brand.toUpperCase() : facts.brand;
  const lead = words(
    brandLead(facts, brand),
    ...(facts.sizeLeads ? facts.sizes.map((size) => form(size, 3)) : []),
    facts.name,
    ...(facts.sizeLeads ? [] : facts.sizes.map((size) => form(size, 0))),
    ...facts.features.slice(0, random.int(1, 2)).map((feature) => anyForm(feature, random)),
    noun(facts, random, null),
    forText(facts, random, ['for']),
    facts.bundle && `${facts.bundle} Bundle`,
  );
  const tail = listTail([
    ...facts.specs.map((spec) => anyForm(spec, random)),
    facts.colour && form(facts.colour, 0),
    facts.model && random.chance(0.5) ? facts.model : null,
  ]);
  return clean(`${lead}${tail}`);
}

function targetTitle(facts: TitleFacts, random: DemoRandom): string {
  if (facts.isGame) {
    return clean(`${words(facts.name, edition(facts, 0))} - ${form(facts.platform!, 0)}`);
  }
  const lead = words(
    brandLead(facts),
    facts.name,
    ...facts.sizes.map((size) => form(size, 0)),
    ...facts.features.slice(0, random.int(0, 1)).map((feature) => form(feature, 0)),
    noun(facts, random, 0),
    forText(facts, random, ['for']),
    ...facts.specs.map((spec) => form(spec, 0)),
    facts.bundle && `- ${facts.bundle} Bundle`,
  );
  return clean(facts.colour ? `${lead} - ${form(facts.colour, 0)}` : lead);
}

function bestBuyTitle(facts: TitleFacts, random: DemoRandom): string {
  if (facts.isGame) {
    const edition_ = edition(facts, 0) || 'Standard Edition';
    return clean(`${facts.name} ${edition_} - ${form(facts.platform!, 0)}`);
  }
  const lead = brandLead(facts);
  const body = words(
    ...(facts.sizeLeads ? facts.sizes.map((size) => form(size, 3)) : []),
    facts.name,
    ...(facts.sizeLeads ? [] : facts.sizes.map((size) => form(size, 0))),
    ...facts.features.slice(0, random.int(0, 2)).map((feature) => form(feature, 0)),
    noun(facts, random, 0),
    forText(facts, random, ['for']),
    ...facts.specs.map((spec) => form(spec, 0)),
    facts.bundle && `${facts.bundle} Bundle`,
  );
  const colour = facts.colour ? ` - ${form(facts.colour, 0)}` : '';
  return clean(`${lead ? `${lead} - ` : ''}${body}${colour}`);
}

const ebayNew = ['NEW', 'Brand New', 'NEW SEALED', 'BNIB', 'Free Shipping', 'NIB', ''];
const ebayRefurbished = ['Refurbished', 'Certified Refurbished', 'Excellent - Refurbished'];
const ebayUsed = ['Used', 'Pre-Owned', 'Tested Works', 'Very Good'];

function ebayTitle(facts: TitleFacts, random: DemoRandom): string {
  const conditionWords =
    facts.condition === 'refurbished'
      ? random.pick(ebayRefurbished)
      : facts.condition === 'used'
        ? random.pick(ebayUsed)
        : random.pick(ebayNew);
  let title: string;
  if (facts.isGame) {
    title = words(facts.name, `(${lastForm(facts.platform!)})`, edition(facts, 1), conditionWords);
  } else {
    const brand = random.chance(0.4) ? facts.brand.toUpperCase() : facts.brand;
    const shortForms = random.chance(0.5);
    title = words(
      brandLead(facts, brand),
      facts.name,
      facts.model && random.chance(0.5) ? facts.model : null,
      ...facts.sizes.map((size) => form(size, shortForms ? 4 : 0)),
      ...facts.features
        .slice(0, random.int(0, 2))
        .map((feature) => (shortForms ? lastForm(feature) : form(feature, 0))),
      noun(facts, random, null),
      forText(facts, random, ['for', 'Fits', 'For']),
      ...facts.specs.map((spec) => (shortForms ? lastForm(spec) : form(spec, 0))),
      facts.colour && (shortForms ? lastForm(facts.colour) : form(facts.colour, 0)),
      facts.bundle && `+ ${facts.bundle}`,
      conditionWords,
    );
  }
  if (random.chance(0.15)) title = title.toUpperCase();
  return truncateWords(clean(title), EBAY_MAX_TITLE);
}

function neweggTitle(facts: TitleFacts, random: DemoRandom): string {
  if (facts.isGame) return clean(`${facts.name} - ${form(facts.platform!, 0)}`);
  const brand = random.chance(0.5) ? facts.brand.toUpperCase() : facts.brand;
  const features = facts.features.map((feature) => form(feature, 1));
  const shown = random.int(1, 2);
  const lead = words(
    brandLead(facts, brand),
    facts.name,
    ...facts.sizes.map((size) => form(size, 0)),
    ...features.slice(0, shown),
    noun(facts, random, 0),
    forText(facts, random, ['for']),
    facts.model && (random.chance(0.5) ? `(${facts.model})` : facts.model),
    ...facts.specs.map((spec) => form(spec, 0)),
    facts.colour && form(facts.colour, 0),
    facts.bundle && `w/ ${facts.bundle}`,
  );
  const more = features.slice(shown);
  return clean(more.length > 0 && random.chance(0.5) ? `${lead} - ${more.join(', ')}` : lead);
}

function costcoTitle(facts: TitleFacts, random: DemoRandom): string {
  if (facts.isGame)
    return clean(`${words(facts.name, edition(facts, 0))}, ${form(facts.platform!, 0)}`);
  let title: string;
  if (facts.sizes.length > 0 && facts.kind === 'tv') {
    title = `${facts.brand} ${form(facts.sizes[0]!, 3)} - ${facts.name} Series - ${words(
      ...facts.features.slice(0, 1).map((feature) => form(feature, 0)),
      noun(facts, random, 0),
    )}`;
  } else {
    title =
      words(
        brandLead(facts),
        facts.name,
        ...facts.sizes.map((size) => form(size, 0)),
        noun(facts, random, 0),
        forText(facts, random, ['for']),
        facts.bundle && `with ${facts.bundle}`,
      ) +
      listTail([
        ...facts.specs.map((spec) => form(spec, 0)),
        facts.colour && form(facts.colour, 0),
      ]);
  }
  if (facts.costcoExtra) {
    title += random.pick([
      ` with ${facts.costcoExtra}`,
      ` Bundle with ${facts.costcoExtra}`,
      ` + Bonus ${facts.costcoExtra}`,
    ]);
  }
  return clean(title);
}

function appleTitle(facts: TitleFacts, random: DemoRandom): string {
  if (facts.brand !== 'Apple') {
    const lead = words(
      facts.brand,
      facts.name,
      noun(facts, random, 0),
      forText(facts, random, ['for']),
    );
    return clean(facts.colour ? `${lead} - ${form(facts.colour, 0)}` : lead);
  }
  const lead = words(
    facts.name,
    ...facts.sizes.map((size) => form(size, 0)),
    ...facts.specs.map((spec) => form(spec, 0)),
    forText(facts, random, ['for']),
  );
  if (!facts.colour) return clean(lead);
  // Apple writes phones as "iPhone 16 Pro 256GB Black Titanium", everything else with a dash.
  return clean(
    facts.kind === 'smartphone'
      ? `${lead} ${form(facts.colour, 0)}`
      : `${lead} - ${form(facts.colour, 0)}`,
  );
}

function withPlayStationMarks(text: string): string {
  for (const [plain, marked] of playStationMarks) {
    if (text.includes(plain)) return text.replace(plain, marked);
  }
  return text;
}

function playStationTitle(facts: TitleFacts, random: DemoRandom): string {
  const name = withPlayStationMarks(facts.name);
  if (facts.isGame) {
    return clean(`${words(name, edition(facts, 0))} \u2013 ${lastForm(facts.platform!)}`);
  }
  const parts = [
    words(name, noun(facts, random, 0), forText(facts, random, ['for'])),
    ...facts.specs.map((spec) => form(spec, 0)),
    facts.colour && form(facts.colour, 0),
    facts.bundle && `${facts.bundle} Bundle`,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return clean(parts.join(' \u2013 '));
}

const writers: Record<DemoRetailerKey, (facts: TitleFacts, random: DemoRandom) => string> = {
  amazon: amazonTitle,
  walmart: walmartTitle,
  target: targetTitle,
  bestbuy: bestBuyTitle,
  ebay: ebayTitle,
  newegg: neweggTitle,
  costco: costcoTitle,
  apple: appleTitle,
  playstation: playStationTitle,
};

/** The product's title as `retailer` would list it. */
export function retailerTitle(
  retailer: DemoRetailerKey,
  facts: TitleFacts,
  random: DemoRandom,
): string {
  return writers[retailer](facts, random);
}

/** The catalog's own plain title: brand, name, size, noun, then specs and colour. */
export function canonicalTitle(facts: TitleFacts): string {
  if (facts.isGame) {
    return clean(`${words(facts.name, edition(facts, 0))} (${form(facts.platform!, 0)})`);
  }
  const lead = words(
    brandLead(facts),
    facts.name,
    ...facts.sizes.map((size) => form(size, 0)),
    ...facts.features.slice(0, 2).map((feature) => form(feature, 0)),
    form(facts.noun, 0),
    facts.forDevice && `for ${facts.forDevice}`,
    facts.bundle && `\u2013 ${facts.bundle} Bundle`,
  );
  return clean(
    lead +
      listTail([
        ...facts.specs.map((spec) => form(spec, 0)),
        facts.colour && form(facts.colour, 0),
      ]),
  );
}
