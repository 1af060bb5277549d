import { load } from 'cheerio';
import {
  copyField,
  emptyExtractedProduct,
  productFieldNames,
  type ExtractedProduct,
  type ExtractionSource,
  type ProductFields,
} from './extracted-product.ts';
import { extractionLimits } from './extraction-limits.ts';
import { domCurrency, readHtmlFallback } from './html-fallback.ts';
import { readJsonValues } from './lenient-json.ts';
import { openGraphCurrency, readOpenGraph } from './open-graph.ts';
import { createPageIdentity } from './page-identity.ts';
import { indexPage, type PageIndex } from './page-index.ts';
import { hostSiteName } from './page-title.ts';
import { parseHtml } from './parse-html.ts';
import { decimalSeparatorOf, type PriceContext } from './price-reading.ts';
import { createResolver, isSchemaNode } from './schema-nodes.ts';
import { readSchemaProduct, type SchemaReadContext } from './schema-product.ts';
import { normalizeCurrency, toAbsoluteUrl } from './text-values.ts';

export type {
  Availability,
  Condition,
  ExtractedPrice,
  ExtractedProduct,
  ExtractionSource,
} from './extracted-product.ts';

/**
 * Reads a product page of any shop (issue 4, "Reading a product page"). Sources, most trusted
 * first: JSON-LD (every block), microdata, RDFa-lite, Open Graph with its product tags, then the
 * HTML itself. They are merged field by field: a field comes from the most trusted source that
 * has it, and `source` names the most trusted one that contributed.
 *
 * A page with no product evidence (no Product item, no product Open Graph tags, no unambiguous
 * price or identifier) gives an all-null result with source 'none', even if it has a <title>.
 *
 * Never throws and never hangs: input is cut at 3 MB, the tree and every structure read from it
 * are bounded (extraction-limits.ts), and any unexpected failure gives the all-null result.
 */
export function extractProduct(html: string, pageUrl: string): ExtractedProduct {
  try {
    return extractProductOrThrow(html, pageUrl);
  } catch {
    return emptyExtractedProduct();
  }
}

/**
 * extractProduct without its safety net: an unexpected error is thrown, not turned into an empty
 * result. For the fuzz tests, which prove there are none.
 */
export function extractProductOrThrow(html: string, pageUrl: string): ExtractedProduct {
  return extract(typeof html === 'string' ? html : '', typeof pageUrl === 'string' ? pageUrl : '');
}

const sourceOrder = ['json-ld', 'microdata', 'rdfa', 'open-graph', 'html-fallback'] as const;

function extract(html: string, pageUrl: string): ExtractedProduct {
  const pageAddress = toAbsoluteUrl(pageUrl, null);
  const document = parseHtml(html.slice(0, extractionLimits.maxHtmlChars));
  const page = indexPage(document);
  const $ = load(document);
  const baseUrl = toAbsoluteUrl(page.baseHref, pageAddress) ?? pageAddress;
  const canonicalUrl =
    toAbsoluteUrl(page.canonicalHref, baseUrl) ??
    toAbsoluteUrl(page.metas.get('og:url')?.[0], baseUrl) ??
    pageAddress;

  const jsonLdRoots = page.jsonLdTexts.flatMap((text) => readJsonValues(text));
  const currency =
    openGraphCurrency(page) ?? domCurrency($, page) ?? firstPriceCurrency(jsonLdRoots);
  const language =
    page.language ??
    page.metas.get('og:locale')?.[0] ??
    page.metas.get('content-language')?.[0] ??
    null;
  const prices: PriceContext = {
    currency,
    decimalSeparator: decimalSeparatorOf(language, currency),
  };
  const identity = createPageIdentity(pageAddress, canonicalUrl);
  const schemaContext = (roots: readonly unknown[]): SchemaReadContext => ({
    resolve: createResolver(roots),
    baseUrl,
    page: identity,
    prices,
  });

  const jsonLdContext = schemaContext(jsonLdRoots);
  const jsonLd = readSchemaProduct(jsonLdRoots, jsonLdContext);
  const microdata = readSchemaProduct(page.microdataItems, schemaContext(page.microdataItems));
  const rdfa = readSchemaProduct(page.rdfaItems, schemaContext(page.rdfaItems));
  const shopNames = siteNames(page, pageAddress);
  const openGraph = readOpenGraph(page, baseUrl, prices, shopNames);
  const fallback = readHtmlFallback({
    $,
    page,
    baseUrl,
    prices,
    siteNames: shopNames,
    jsonLdRoots,
    resolve: jsonLdContext.resolve,
  });

  const hasProduct =
    jsonLd !== null ||
    microdata !== null ||
    rdfa !== null ||
    openGraph.isProduct ||
    fallback.isProduct;
  if (!hasProduct) return emptyExtractedProduct(canonicalUrl);

  const readings: Record<(typeof sourceOrder)[number], ProductFields | null> = {
    'json-ld': jsonLd,
    microdata,
    rdfa,
    'open-graph': openGraph.fields,
    'html-fallback': fallback.fields,
  };
  const result = emptyExtractedProduct(canonicalUrl);
  let source: ExtractionSource = 'none';
  for (const name of sourceOrder) {
    const fields = readings[name];
    if (fields === null) continue;
    for (const field of productFieldNames) {
      if (result[field] === null && fields[field] !== null) {
        copyField(result, fields, field);
        if (source === 'none') source = name;
      }
    }
  }
  result.source = source;
  return result;
}

/** Names the shop goes by, to strip from its <title>s. */
function siteNames(page: PageIndex, pageAddress: string | null): string[] {
  return [
    page.metas.get('og:site_name')?.[0],
    page.metas.get('application-name')?.[0],
    hostSiteName(pageAddress) ?? undefined,
  ].filter((name): name is string => name !== undefined);
}

/** The first priceCurrency in the JSON-LD (breadth-first), as the page's currency. */
function firstPriceCurrency(roots: readonly unknown[]): string | null {
  const queue: unknown[] = [...roots];
  for (let index = 0; index < queue.length; index += 1) {
    const value = queue[index];
    const children = Array.isArray(value) ? value : isSchemaNode(value) ? Object.values(value) : [];
    if (isSchemaNode(value)) {
      const currency = normalizeCurrency(value['priceCurrency']);
      if (currency !== null) return currency;
    }
    for (const child of children.slice(0, 100)) {
      if (
        typeof child === 'object' &&
        child !== null &&
        queue.length < extractionLimits.maxNodesVisited
      ) {
        queue.push(child);
      }
    }
  }
  return null;
}
