import { emptyProductFields, type ProductFields } from './extracted-product.ts';
import { extractionLimits, fieldLengths } from './extraction-limits.ts';
import { readJsonValueAt } from './lenient-json.ts';
import { readPrice, type PriceContext } from './price-reading.ts';
import { isSchemaNode, type SchemaNode } from './schema-nodes.ts';
import { cleanIdentifier, cleanText, readGtin, toAbsoluteUrl } from './text-values.ts';

/**
 * Target's product pages carry no schema.org Product; their data is in the page state the app
 * boots from, `window.__TGT_DATA__`, under the `get-pdp-v1` query (research/matching.md §4.3):
 * `product.tcin`, `product.price.current_retail`, `product.item.primary_barcode`...
 */
export function readTargetState(
  scripts: readonly string[],
  baseUrl: string | null,
  prices: PriceContext,
): ProductFields | null {
  for (const script of scripts) {
    const marker = script.indexOf('__TGT_DATA__');
    if (marker < 0) continue;
    const state = readStateValue(script, marker);
    const product = findNode(
      state,
      (node) => typeof node['tcin'] === 'string' && isSchemaNode(node['price']),
    );
    if (product !== null) return readTargetProduct(product, baseUrl, prices);
  }
  return null;
}

/** The state after the marker: an object literal, or a string given to JSON.parse. */
function readStateValue(script: string, marker: number): unknown {
  const text = script.slice(0, extractionLimits.maxEmbeddedStateChars);
  const object = text.indexOf('{', marker);
  const parseCall = text.indexOf('JSON.parse(', marker);
  if (parseCall >= 0 && (object < 0 || parseCall < object)) {
    const encoded = readJsonValueAt(`[${text.slice(parseCall + 'JSON.parse('.length)}]`, 0);
    const inner: unknown = Array.isArray(encoded) ? encoded[0] : undefined;
    return typeof inner === 'string' ? readJsonValueAt(inner, 0) : undefined;
  }
  return object < 0 ? undefined : readJsonValueAt(text, object);
}

/** The first node (breadth-first, bounded) that `matches`. */
function findNode(root: unknown, matches: (node: SchemaNode) => boolean): SchemaNode | null {
  const queue: unknown[] = [root];
  const enqueue = (children: readonly unknown[]) => {
    for (const child of children.slice(0, 200)) {
      if (
        typeof child === 'object' &&
        child !== null &&
        queue.length < extractionLimits.maxNodesVisited
      ) {
        queue.push(child);
      }
    }
  };
  for (let index = 0; index < queue.length; index += 1) {
    const value = queue[index];
    if (Array.isArray(value)) {
      enqueue(value);
    } else if (isSchemaNode(value)) {
      if (matches(value)) return value;
      enqueue(Object.values(value));
    }
  }
  return null;
}

function readTargetProduct(
  product: SchemaNode,
  baseUrl: string | null,
  prices: PriceContext,
): ProductFields {
  const path = (node: unknown, ...keys: string[]): unknown => {
    let value = node;
    for (const key of keys) {
      if (!isSchemaNode(value) || !Object.hasOwn(value, key)) return undefined;
      value = value[key];
    }
    return value;
  };
  const fields = emptyProductFields();
  fields.sku = cleanIdentifier(product['tcin']);
  fields.title = cleanText(
    path(product, 'item', 'product_description', 'title'),
    fieldLengths.title,
  );
  fields.brand = cleanText(path(product, 'item', 'primary_brand', 'name'), fieldLengths.brand);
  fields.gtin = readGtin(path(product, 'item', 'primary_barcode'));
  fields.image = toAbsoluteUrl(
    path(product, 'item', 'enrichment', 'images', 'primary_image_url'),
    baseUrl,
  );
  // The formatted price names the currency ('$24.99'); current_retail is the exact amount.
  const formatted = readPrice(
    path(product, 'price', 'formatted_current_price'),
    null,
    'display',
    prices,
  );
  fields.price =
    readPrice(
      path(product, 'price', 'current_retail'),
      formatted?.currency ?? 'USD',
      'machine',
      prices,
    ) ?? formatted;
  return fields;
}
