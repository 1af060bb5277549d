import {
  copyField,
  emptyProductFields,
  productFieldNames,
  type ExtractedPrice,
  type ProductFields,
} from './extracted-product.ts';
import { extractionLimits, fieldLengths } from './extraction-limits.ts';
import { exactPageMatch, pageMatchScore, type PageIdentity } from './page-identity.ts';
import { readPrice, type PriceContext } from './price-reading.ts';
import {
  firstLiteral,
  firstName,
  firstNode,
  hasType,
  isSchemaNode,
  localName,
  property,
  values,
  type NodeResolver,
  type SchemaNode,
} from './schema-nodes.ts';
import {
  cleanIdentifier,
  cleanText,
  normalizeAvailability,
  normalizeCondition,
  readGtin,
  toAbsoluteUrl,
} from './text-values.ts';

export interface SchemaReadContext {
  resolve: NodeResolver;
  /** Base for relative image URLs. */
  baseUrl: string | null;
  page: PageIdentity;
  prices: PriceContext;
}

const productTypes = new Set([
  'product',
  'productgroup',
  'individualproduct',
  'someproducts',
  'productmodel',
]);
const productGroupTypes = new Set(['productgroup']);
const aggregateOfferTypes = new Set(['aggregateoffer']);
const listTypes = new Set(['itemlist', 'offercatalog', 'searchresultspage', 'collectionpage']);

interface ProductCandidate {
  node: SchemaNode;
  /** Found inside an ItemList (a listing page's tiles), not as the page's own product. */
  isListItem: boolean;
}

/**
 * The product a page's structured data describes, from the roots of its JSON-LD blocks or its
 * microdata/RDFa items. Descriptions of the same product (duplicate blocks, a Product beside its
 * ProductGroup) are merged. Several different products are ambiguous (a listing page, a page of
 * related items): one is chosen only if its URL or SKU points at the page, else none, so a listing
 * never yields a random product's price.
 */
export function readSchemaProduct(
  roots: readonly unknown[],
  context: SchemaReadContext,
): ProductFields | null {
  const candidates = findProductCandidates(roots);
  const pageCandidates = candidates.filter((candidate) => !candidate.isListItem);
  const pool = pageCandidates.length > 0 ? pageCandidates : candidates;
  if (pool.length === 0) return null;
  const isListingOnly = pageCandidates.length === 0;
  const readings = pool
    .slice(0, extractionLimits.maxVariants)
    .map((candidate) => readCandidate(candidate.node, context))
    .filter((reading) => productFieldNames.some((name) => reading.fields[name] !== null));
  if (readings.length === 0) return null;
  const clusters = clusterByIdentity(readings);
  const scores = clusters.map((cluster) => Math.max(...cluster.map((reading) => reading.score)));
  const bestScore = Math.max(...scores);
  let chosen: CandidateReading[] | undefined;
  if (clusters.length === 1 && !isListingOnly) {
    chosen = clusters[0];
  } else if (bestScore > 0 && scores.filter((score) => score === bestScore).length === 1) {
    chosen = clusters[scores.indexOf(bestScore)];
  }
  if (chosen === undefined) return null;
  return mergeFields(chosen.map((reading) => reading.fields));
}

/** Product nodes in document order; the walk does not enter products (their related items). */
function findProductCandidates(roots: readonly unknown[]): ProductCandidate[] {
  const found: ProductCandidate[] = [];
  const stack: { value: unknown; depth: number; isListItem: boolean }[] = [];
  for (let index = roots.length - 1; index >= 0; index -= 1) {
    stack.push({ value: roots[index], depth: 0, isListItem: false });
  }
  let visited = 0;
  while (stack.length > 0 && visited < extractionLimits.maxNodesVisited) {
    const { value, depth, isListItem } = stack.pop()!;
    visited += 1;
    if (depth > 12) continue;
    if (Array.isArray(value)) {
      const items = value.slice(0, extractionLimits.maxNodesVisited);
      for (let index = items.length - 1; index >= 0; index -= 1) {
        stack.push({ value: items[index], depth: depth + 1, isListItem });
      }
      continue;
    }
    if (!isSchemaNode(value)) continue;
    if (hasType(value, productTypes)) {
      found.push({ node: value, isListItem });
      continue;
    }
    const isList = isListItem || hasType(value, listTypes);
    const keys = Object.keys(value).slice(0, 200);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index]!;
      const child = value[key];
      if (typeof child !== 'object' || child === null) continue;
      const entersList = isList || localName(key) === 'itemlistelement';
      stack.push({ value: child, depth: depth + 1, isListItem: entersList });
    }
  }
  return found;
}

interface CandidateReading {
  fields: ProductFields;
  score: number;
}

/** A Product, or a ProductGroup read through its variant for this page, with its page score. */
function readCandidate(node: SchemaNode, context: SchemaReadContext): CandidateReading {
  const { resolve } = context;
  if (hasType(node, productGroupTypes)) {
    const variants = values(property(node, 'hasVariant'), resolve, extractionLimits.maxVariants)
      .filter(isSchemaNode)
      .filter((variant) => !hasType(variant, productGroupTypes));
    const variant = pickBestMatch(variants, context);
    const groupFields = readProductNode(node, context);
    if (variant === null) return { fields: groupFields, score: nodeScore(node, context) };
    return {
      fields: mergeFields([readProductNode(variant.node, context), groupFields]),
      score: Math.max(variant.score, nodeScore(node, context)),
    };
  }
  const fields = readProductNode(node, context);
  const group = firstNode(property(node, 'isVariantOf'), resolve);
  const merged =
    group === null || group === node
      ? fields
      : mergeFields([fields, readProductNode(group, context)]);
  return { fields: merged, score: nodeScore(node, context) };
}

/** The variant whose URL or id points at the page; the first one when none does. */
function pickBestMatch(
  nodes: readonly SchemaNode[],
  context: SchemaReadContext,
): { node: SchemaNode; score: number } | null {
  let best: { node: SchemaNode; score: number } | null = null;
  for (const node of nodes) {
    const score = nodeScore(node, context);
    if (best === null || score > best.score) best = { node, score };
    if (score === exactPageMatch) break;
  }
  return best;
}

function nodeScore(node: SchemaNode, context: SchemaReadContext): number {
  const { resolve } = context;
  const urls: string[] = [];
  const identifiers: string[] = [];
  const sources = [node, ...values(property(node, 'offers'), resolve).filter(isSchemaNode)];
  for (const source of sources) {
    for (const name of ['url', '@id']) {
      const url = toAbsoluteUrl(
        firstLiteral(source[name] ?? property(source, name), resolve),
        context.baseUrl,
      );
      if (url !== null) urls.push(url);
    }
    for (const name of ['sku', 'productID', 'gtin13', 'gtin12', 'gtin14', 'gtin8', 'gtin', 'mpn']) {
      const identifier = firstLiteral(property(source, name), resolve);
      if (identifier !== null) identifiers.push(String(identifier).replace(/^[a-z0-9]+:/i, ''));
    }
  }
  return pageMatchScore(context.page, urls, identifiers);
}

const gtinProperties = ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'isbn'] as const;
const identifierPrefix = /^(?:gtin(?:8|12|13|14)?|ean|upc|jan|isbn)\s*[:#]/i;
const listPriceTypes = new Set([
  'listprice',
  'strikethroughprice',
  'srp',
  'msrp',
  'minimumadvertisedprice',
]);

/** Every field one Product node (or variant, or group) states. */
function readProductNode(node: SchemaNode, context: SchemaReadContext): ProductFields {
  const { resolve } = context;
  const fields = emptyProductFields();
  fields.title = cleanText(firstLiteral(property(node, 'name'), resolve), fieldLengths.title);
  fields.description = cleanText(
    firstLiteral(property(node, 'description'), resolve),
    fieldLengths.description,
  );
  fields.brand =
    cleanText(firstName(property(node, 'brand'), resolve), fieldLengths.brand) ??
    cleanText(firstName(property(node, 'manufacturer'), resolve), fieldLengths.brand);
  fields.category = cleanText(
    firstName(property(node, 'category'), resolve),
    fieldLengths.category,
  );
  fields.image =
    readImage(property(node, 'image'), context) ??
    readImage(property(node, 'thumbnailUrl'), context);

  const offers = collectOffers(property(node, 'offers'), resolve);
  const offer = chooseOffer(offers, context);
  fields.price = offer?.price ?? null;
  fields.availability =
    normalizeAvailability(firstLiteral(property(offer?.node ?? {}, 'availability'), resolve)) ??
    firstOfferValue(offers, (item) =>
      normalizeAvailability(firstLiteral(property(item, 'availability'), resolve)),
    );
  fields.condition =
    normalizeCondition(firstLiteral(property(offer?.node ?? {}, 'itemCondition'), resolve)) ??
    normalizeCondition(firstLiteral(property(node, 'itemCondition'), resolve)) ??
    firstOfferValue(offers, (item) =>
      normalizeCondition(firstLiteral(property(item, 'itemCondition'), resolve)),
    );

  // Identifiers may sit on the product or, as schema.org also allows, on its offer.
  const identified = [node, ...(offer === null ? [] : [offer.node])];
  for (const source of identified) {
    fields.gtin ??= readNodeGtin(source, resolve);
    fields.mpn ??=
      cleanIdentifier(firstLiteral(property(source, 'mpn'), resolve)) ??
      cleanIdentifier(firstName(property(source, 'model'), resolve));
    fields.sku ??= cleanIdentifier(firstLiteral(property(source, 'sku'), resolve));
  }
  const productId = firstLiteral(property(node, 'productID'), resolve);
  if (fields.sku === null && typeof productId === 'string' && !identifierPrefix.test(productId)) {
    fields.sku = cleanIdentifier(productId);
  }
  return fields;
}

function readNodeGtin(node: SchemaNode, resolve: NodeResolver): string | null {
  for (const name of gtinProperties) {
    for (const value of values(property(node, name), resolve)) {
      const gtin = readGtin(value, { isIsbn: name === 'isbn' });
      if (gtin !== null) return gtin;
    }
  }
  for (const value of values(property(node, 'productID'), resolve)) {
    if (typeof value === 'string' && identifierPrefix.test(value)) {
      const gtin = readGtin(value, { isIsbn: /^isbn/i.test(value) });
      if (gtin !== null) return gtin;
    }
  }
  // identifier: PropertyValue {propertyID: 'gtin13', value: '…'}
  for (const value of values(property(node, 'identifier'), resolve)) {
    if (!isSchemaNode(value)) continue;
    const kind = firstLiteral(property(value, 'propertyID'), resolve);
    if (typeof kind === 'string' && /^(?:gtin\d*|ean|upc|jan|isbn)$/i.test(kind.trim())) {
      const gtin = readGtin(firstLiteral(property(value, 'value'), resolve), {
        isIsbn: /isbn/i.test(kind),
      });
      if (gtin !== null) return gtin;
    }
  }
  return null;
}

/** image: a URL, a list of them, or ImageObjects with `url`/`contentUrl`. */
function readImage(value: unknown, context: SchemaReadContext): string | null {
  for (const item of values(value, context.resolve)) {
    const candidate = isSchemaNode(item)
      ? firstLiteral(property(item, 'url') ?? property(item, 'contentUrl'), context.resolve)
      : item;
    const url = toAbsoluteUrl(candidate, context.baseUrl);
    if (url !== null) return url;
  }
  return null;
}

/** Offer, [Offer], AggregateOffer (itself, for lowPrice, then its offers), or references. */
function collectOffers(value: unknown, resolve: NodeResolver): SchemaNode[] {
  const offers: SchemaNode[] = [];
  for (const item of values(value, resolve)) {
    if (!isSchemaNode(item)) continue;
    offers.push(item);
    if (hasType(item, aggregateOfferTypes)) {
      for (const inner of values(property(item, 'offers'), resolve)) {
        if (isSchemaNode(inner) && offers.length < extractionLimits.maxOffers) offers.push(inner);
      }
    }
    if (offers.length >= extractionLimits.maxOffers) break;
  }
  return offers;
}

/** The offer for this page (its URL matches) or else the first one with a price. */
function chooseOffer(
  offers: readonly SchemaNode[],
  context: SchemaReadContext,
): { node: SchemaNode; price: ExtractedPrice } | null {
  let first: { node: SchemaNode; price: ExtractedPrice } | null = null;
  for (const node of offers) {
    const price = readOfferPrice(node, context);
    if (price === null) continue;
    first ??= { node, price };
    const url = toAbsoluteUrl(
      firstLiteral(property(node, 'url'), context.resolve),
      context.baseUrl,
    );
    if (offers.length > 1 && url !== null && pageMatchScore(context.page, [url], []) >= 3) {
      return { node, price };
    }
  }
  return first;
}

/** price, else AggregateOffer lowPrice, else a priceSpecification that is not a list price. */
function readOfferPrice(offer: SchemaNode, context: SchemaReadContext): ExtractedPrice | null {
  const { resolve } = context;
  const currency = firstLiteral(
    property(offer, 'priceCurrency') ?? property(offer, 'currency'),
    resolve,
  );
  for (const name of ['price', 'lowPrice']) {
    const price = readPrice(
      firstLiteral(property(offer, name), resolve),
      currency,
      'machine',
      context.prices,
    );
    if (price !== null) return price;
  }
  const specifications = values(property(offer, 'priceSpecification'), resolve).filter(
    isSchemaNode,
  );
  const ordered = [
    ...specifications.filter((spec) => !isListPrice(spec, resolve)),
    ...specifications.filter((spec) => isListPrice(spec, resolve)),
  ];
  for (const specification of ordered) {
    const price = readPrice(
      firstLiteral(
        property(specification, 'price') ?? property(specification, 'minPrice'),
        resolve,
      ),
      firstLiteral(property(specification, 'priceCurrency'), resolve) ?? currency,
      'machine',
      context.prices,
    );
    if (price !== null) return price;
  }
  return null;
}

function isListPrice(specification: SchemaNode, resolve: NodeResolver): boolean {
  const type = firstLiteral(property(specification, 'priceType'), resolve);
  return typeof type === 'string' && listPriceTypes.has(localName(type));
}

function firstOfferValue<T>(
  offers: readonly SchemaNode[],
  read: (offer: SchemaNode) => T | null,
): T | null {
  for (const offer of offers) {
    const value = read(offer);
    if (value !== null) return value;
  }
  return null;
}

/** Field by field, the first reading that has a value wins. */
export function mergeFields(readings: readonly ProductFields[]): ProductFields {
  const merged = emptyProductFields();
  for (const reading of readings) {
    for (const name of productFieldNames) {
      if (merged[name] === null && reading[name] !== null) {
        copyField(merged, reading, name);
      }
    }
  }
  return merged;
}

/**
 * Groups readings that describe the same product: they share a SKU, a GTIN or a title.
 * Greedy and order-preserving; enough for duplicate blocks on one page.
 */
function clusterByIdentity<T extends CandidateReading>(readings: readonly T[]): T[][] {
  const clusters: { keys: Set<string>; members: T[] }[] = [];
  for (const reading of readings) {
    const keys = identityKeys(reading.fields);
    const cluster = clusters.find((existing) => [...keys].some((key) => existing.keys.has(key)));
    if (cluster === undefined) {
      clusters.push({ keys, members: [reading] });
    } else {
      for (const key of keys) cluster.keys.add(key);
      cluster.members.push(reading);
    }
  }
  return clusters.map((cluster) => cluster.members);
}

function identityKeys(fields: ProductFields): Set<string> {
  const keys = new Set<string>();
  if (fields.sku !== null) keys.add(`sku:${fields.sku.toLowerCase()}`);
  if (fields.gtin !== null) keys.add(`gtin:${fields.gtin}`);
  if (fields.title !== null) keys.add(`title:${fields.title.toLowerCase().replace(/\W+/g, ' ')}`);
  return keys;
}
