import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { breadcrumbCategory } from './breadcrumbs.ts';
import { readTargetState } from './embedded-state.ts';
import {
  emptyProductFields,
  type ExtractedPrice,
  type ProductFields,
} from './extracted-product.ts';
import { extractionLimits, fieldLengths } from './extraction-limits.ts';
import { textContent } from './microdata.ts';
import type { PageIndex } from './page-index.ts';
import { cleanPageTitle } from './page-title.ts';
import { readPrice, type PriceContext } from './price-reading.ts';
import type { NodeResolver } from './schema-nodes.ts';
import { mergeFields } from './schema-product.ts';
import {
  cleanIdentifier,
  cleanText,
  normalizeAvailability,
  normalizeCondition,
  normalizeCurrency,
  readGtin,
  toAbsoluteUrl,
} from './text-values.ts';

export interface HtmlFallbackReading {
  fields: ProductFields;
  /** A price, an identifier or a shop's product-page marker was found, not only a <title>. */
  isProduct: boolean;
}

export interface HtmlFallbackInput {
  $: CheerioAPI;
  page: PageIndex;
  baseUrl: string | null;
  prices: PriceContext;
  siteNames: readonly string[];
  /** The page's JSON-LD, for its BreadcrumbList. */
  jsonLdRoots: readonly unknown[];
  resolve: NodeResolver;
}

/**
 * What a page without (enough) structured data shows: its <title>, meta description, a price
 * from the DOM when it is unambiguous, a details table's UPC/model rows, and the markup of
 * shops known to need it (Amazon's buy box, Costco's split price, Target's page state).
 */
export function readHtmlFallback(input: HtmlFallbackInput): HtmlFallbackReading {
  const { $, page, baseUrl, prices } = input;
  const fields = emptyProductFields();
  const amazonTitle = cleanText(firstText($, '#productTitle'), fieldLengths.title);
  fields.title = amazonTitle ?? cleanPageTitle(page.titleText, input.siteNames);
  if (fields.title === null) fields.title = cleanText(onlyText($, 'h1'), fieldLengths.title);
  const description = cleanText(page.metas.get('description')?.[0], fieldLengths.description);
  // Some shops (Amazon) repeat the <title> as the description: that says nothing more.
  fields.description =
    description === cleanText(page.titleText, fieldLengths.description) ? null : description;
  fields.category =
    cleanText(amazonBreadcrumbs($), fieldLengths.category) ??
    breadcrumbCategory(input.jsonLdRoots, input.resolve, [...input.siteNames, fields.title ?? '']);
  fields.image =
    toAbsoluteUrl(firstAttribute($, '#landingImage', 'data-old-hires'), baseUrl) ??
    toAbsoluteUrl(firstAttribute($, '#landingImage', 'src'), baseUrl) ??
    toAbsoluteUrl(page.imageSrcHref, baseUrl);
  fields.sku =
    cleanIdentifier(firstAttribute($, 'input#ASIN', 'value')) ??
    cleanIdentifier(page.orphanItemprops.get('sku')?.[0]);
  fields.brand = readAmazonByline(firstText($, '#bylineInfo'));
  fields.availability =
    normalizeAvailability(firstText($, '#availability')) ??
    normalizeAvailability(page.orphanItemprops.get('availability')?.[0]) ??
    normalizeAvailability(firstAttribute($, 'link[itemprop="availability"]', 'href'));
  fields.condition = normalizeCondition(page.orphanItemprops.get('itemcondition')?.[0]);
  fields.price = readDomPrice($, prices);

  const specs = readSpecTable($);
  fields.gtin = specs.gtin ?? readGtin(page.orphanItemprops.get('gtin13')?.[0]);
  fields.mpn = specs.mpn;
  fields.brand ??= specs.brand;

  const target = readTargetState(page.stateScripts, baseUrl, prices);
  const merged = target === null ? fields : mergeFields([target, fields]);
  const isProduct =
    merged.price !== null ||
    merged.gtin !== null ||
    amazonTitle !== null ||
    target !== null ||
    (merged.sku !== null && merged.title !== null);
  return { fields: merged, isProduct };
}

/** The currency the DOM names for the page's prices (`data-asin-currency-code`...). */
export function domCurrency($: CheerioAPI, page: PageIndex): string | null {
  return (
    normalizeCurrency(firstAttribute($, '[data-asin-currency-code]', 'data-asin-currency-code')) ??
    normalizeCurrency(page.orphanItemprops.get('pricecurrency')?.[0]) ??
    normalizeCurrency(firstAttribute($, '[itemprop="priceCurrency"]', 'content'))
  );
}

type PriceRule =
  | { selector: string }
  | { wholeSelector: string; fractionSelector: string; symbolSelector: string };

/**
 * Where shops put the price to pay, most specific first. The first rule that finds elements
 * decides: one distinct price is used, several are ambiguous (a listing, related items) and give
 * none, as changedetection.io does (research/matching.md §4.1).
 */
const domPriceRules: readonly PriceRule[] = [
  // Amazon's buy box; `.a-text-price` is the struck-through list price.
  {
    selector:
      '#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen, #corePrice_feature_div .priceToPay .a-offscreen, #apex_desktop .apexPriceToPay .a-offscreen',
  },
  {
    selector:
      '#corePriceDisplay_desktop_feature_div .a-price:not(.a-text-price) .a-offscreen, #corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen',
  },
  {
    wholeSelector:
      '#corePriceDisplay_desktop_feature_div .a-price-whole, #corePrice_feature_div .a-price-whole',
    fractionSelector: '.a-price-fraction',
    symbolSelector: '.a-price-symbol',
  },
  // Costco: dollars and cents in separate elements.
  {
    wholeSelector: '[data-testid="Text_single-price-whole-value"]',
    fractionSelector: '[data-testid="Text_single-price-decimal-value"]',
    symbolSelector: '[data-testid="Text_single-price-currency-symbol"]',
  },
  // Amazon pages without the buy box above: only unambiguous when no carousel shows prices.
  { selector: '.a-price:not(.a-text-price) .a-offscreen' },
  { selector: '[data-testid="x-price-primary"], .x-price-primary' }, // eBay
  { selector: '.priceView-customer-price > span:first-child' }, // Best Buy
  { selector: '[data-test="product-price"]' }, // Target
  { selector: '.product-pane .price-current' }, // Newegg
  { selector: '[itemprop="price"]' },
  { selector: '.product-price, .price' },
];

function readDomPrice($: CheerioAPI, prices: PriceContext): ExtractedPrice | null {
  for (const rule of domPriceRules) {
    const found: ExtractedPrice[] = [];
    if ('selector' in rule) {
      for (const element of elements($, rule.selector)) {
        const price = readPrice(
          element.attribs['content'] ?? priceText(element),
          null,
          element.attribs['content'] === undefined ? 'display' : 'machine',
          prices,
        );
        if (price !== null) found.push(price);
      }
    } else {
      for (const whole of elements($, rule.wholeSelector)) {
        const price = readSplitPrice($, whole, rule, prices);
        if (price !== null) found.push(price);
      }
    }
    if (found.length === 0) continue;
    const distinct = new Set(found.map((price) => `${price.amountMinor} ${price.currency}`));
    return distinct.size === 1 ? found[0]! : null;
  }
  return null;
}

/** '1,299' + '99' (+ '$') from sibling elements under the same parent. */
function readSplitPrice(
  $: CheerioAPI,
  whole: Element,
  rule: { fractionSelector: string; symbolSelector: string },
  prices: PriceContext,
): ExtractedPrice | null {
  const container = whole.parent;
  if (container === null || !DomUtils.isTag(container)) return null;
  const wholeDigits = textContent(whole).replace(/\D/g, '');
  const fraction = findWithin($, container, rule.fractionSelector);
  const fractionDigits = fraction === null ? '' : textContent(fraction).replace(/\D/g, '');
  const symbol = findWithin($, container, rule.symbolSelector);
  if (wholeDigits === '' || wholeDigits.length > 12 || fractionDigits.length > 3) return null;
  const amount = fractionDigits === '' ? wholeDigits : `${wholeDigits}.${fractionDigits}`;
  const currency = symbol === null ? null : textContent(symbol).trim();
  return readPrice(amount, currency, 'machine', prices);
}

/**
 * The first descendant of `container` matching `selector`, looking at a bounded number of nodes.
 * (cheerio's `.find()` first de-duplicates the container's children in quadratic time.)
 */
function findWithin($: CheerioAPI, container: Element, selector: string): Element | null {
  const stack = container.children.slice(0, 200).reverse();
  for (let visited = 0; stack.length > 0 && visited < 200; visited += 1) {
    const node = stack.pop()!;
    if (!DomUtils.isTag(node)) continue;
    if ($(node).is(selector)) return node;
    for (let index = node.children.length - 1; index >= 0; index -= 1)
      stack.push(node.children[index]!);
  }
  return null;
}

const struckElements = new Set(['del', 's', 'strike']);

/** A price element's text without struck-through old prices (WooCommerce's <del>). */
function priceText(element: Element): string {
  const clone = element.children.filter(
    (child) => !(DomUtils.isTag(child) && struckElements.has(child.name)),
  );
  return clone
    .map((child) =>
      DomUtils.isTag(child) ? textContent(child) : DomUtils.isText(child) ? child.data : '',
    )
    .join('');
}

interface SpecRows {
  gtin: string | null;
  mpn: string | null;
  brand: string | null;
}

const specLabels: Record<string, keyof SpecRows> = {
  upc: 'gtin',
  ean: 'gtin',
  gtin: 'gtin',
  'upc ean': 'gtin',
  'ean upc': 'gtin',
  'gtin 13': 'gtin',
  'ean 13': 'gtin',
  'isbn 13': 'gtin',
  barcode: 'gtin',
  mpn: 'mpn',
  model: 'mpn',
  'model number': 'mpn',
  'model no': 'mpn',
  'item model number': 'mpn',
  'manufacturer part number': 'mpn',
  'mfr part number': 'mpn',
  'part number': 'mpn',
  modellnummer: 'mpn',
  herstellernummer: 'mpn',
  brand: 'brand',
  'brand name': 'brand',
  marke: 'brand',
};

/**
 * Label/value rows of a details table (<tr><th>UPC</th><td>…</td></tr>, <dt>/<dd>, Amazon's
 * 'UPC : 0123…' detail bullets): the only place Amazon shows a UPC or model number.
 */
function readSpecTable($: CheerioAPI): SpecRows {
  const rows: SpecRows = { gtin: null, mpn: null, brand: null };
  const pairs: [string, string][] = [];
  for (const row of elements($, 'tr', extractionLimits.maxSpecRows)) {
    const cells = row.children.filter(
      (child): child is Element =>
        DomUtils.isTag(child) && (child.name === 'th' || child.name === 'td'),
    );
    if (cells.length >= 2) pairs.push([textContent(cells[0]!), textContent(cells[1]!)]);
  }
  for (const term of elements($, 'dt', extractionLimits.maxSpecRows)) {
    const definition = DomUtils.nextElementSibling(term);
    if (definition !== null && definition.name === 'dd')
      pairs.push([textContent(term), textContent(definition)]);
  }
  for (const bullet of elements($, '#detailBullets_feature_div li', extractionLimits.maxSpecRows)) {
    const text = textContent(bullet);
    const colon = text.indexOf(':');
    if (colon > 0) pairs.push([text.slice(0, colon), text.slice(colon + 1)]);
  }
  for (const [rawLabel, rawValue] of pairs) {
    const label = cleanText(rawLabel, 60)
      ?.toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    const field = label === undefined ? undefined : specLabels[label];
    if (field === undefined || rows[field] !== null) continue;
    const value = cleanText(rawValue, 200);
    if (value === null) continue;
    if (field === 'gtin') {
      rows.gtin =
        value
          .split(/[\s,;/]+/)
          .map((part) => readGtin(part))
          .find((gtin) => gtin !== null) ?? null;
    } else if (field === 'mpn') {
      rows.mpn = cleanIdentifier(value);
    } else {
      rows.brand = cleanText(value, fieldLengths.brand);
    }
  }
  return rows;
}

/** Amazon's category trail above the product ('Home & Kitchen › … › Countertop Blenders'). */
function amazonBreadcrumbs($: CheerioAPI): string | null {
  const crumbs = elements($, '#wayfinding-breadcrumbs_feature_div li a', 8)
    .map((link) => cleanText(textContent(link), 100))
    .filter((name): name is string => name !== null);
  return crumbs.length === 0 ? null : crumbs.join(' > ');
}

/** Amazon's byline: 'Visit the Acme Store' or 'Brand: Acme'. */
function readAmazonByline(text: string | null): string | null {
  const byline = cleanText(text, 300);
  if (byline === null) return null;
  const store = /^visit the (.{1,150}) store$/i.exec(byline);
  const brand = /^brand:\s*(.{1,150})$/i.exec(byline);
  return cleanText(store?.[1] ?? brand?.[1] ?? null, fieldLengths.brand);
}

function elements(
  $: CheerioAPI,
  selector: string,
  limit: number = extractionLimits.maxFallbackCandidates,
): Element[] {
  return $(selector)
    .toArray()
    .filter((node): node is Element => DomUtils.isTag(node))
    .slice(0, limit);
}

function firstText($: CheerioAPI, selector: string): string | null {
  const element = elements($, selector, 1)[0];
  return element === undefined ? null : textContent(element);
}

/** The text of the only element matching `selector`; null when there are none or several. */
function onlyText($: CheerioAPI, selector: string): string | null {
  const found = elements($, selector, 2);
  return found.length === 1 ? textContent(found[0]!) : null;
}

function firstAttribute($: CheerioAPI, selector: string, attribute: string): string | null {
  const element = elements($, selector, 1)[0];
  return element?.attribs[attribute] ?? null;
}
