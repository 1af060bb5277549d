import { extractionLimits } from './extraction-limits.ts';

/**
 * A schema.org node as JSON-LD writes it. Microdata and RDFa items are converted to the same
 * shape (property name → list of values), so one reader serves all three.
 */
export type SchemaNode = Record<string, unknown>;

export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const schemaPrefixes = ['schema:', 'http://schema.org/', 'https://schema.org/'];

/** A property by its schema.org name, also in its prefixed and expanded forms ('schema:name'). */
export function property(node: SchemaNode, name: string): unknown {
  if (Object.hasOwn(node, name)) return node[name];
  for (const prefix of schemaPrefixes) {
    const key = `${prefix}${name}`;
    if (Object.hasOwn(node, key)) return node[key];
  }
  return undefined;
}

/** The last segment of a type or property IRI, lower-cased: 'https://schema.org/Product' → 'product'. */
export function localName(value: string): string {
  const text = value.trim();
  const cut = Math.max(text.lastIndexOf('/'), text.lastIndexOf('#'), text.lastIndexOf(':'));
  return text.slice(cut + 1).toLowerCase();
}

/** The node's @type values as local names ('Product', ['Product', 'Car'], 'schema:Product'). */
export function typesOf(node: SchemaNode): string[] {
  const types = node['@type'] ?? node['type'];
  const list = Array.isArray(types) ? types : [types];
  return list.filter((type): type is string => typeof type === 'string').map(localName);
}

export function hasType(node: SchemaNode, types: ReadonlySet<string>): boolean {
  return typesOf(node).some((type) => types.has(type));
}

/** Resolves `{"@id": …}` references to the node they name, once. */
export type NodeResolver = (value: unknown) => unknown;

/** A property's values as a list (JSON-LD allows one value or an array), references resolved. */
export function values(
  value: unknown,
  resolve: NodeResolver,
  limit: number = extractionLimits.maxOffers,
): unknown[] {
  const list = Array.isArray(value) ? value.slice(0, limit) : [value];
  const result: unknown[] = [];
  for (const item of list) {
    const resolved = unwrapValue(resolve(item));
    if (resolved !== undefined && resolved !== null) result.push(resolved);
  }
  return result;
}

/** Expanded JSON-LD writes literals as {"@value": …}. */
function unwrapValue(value: unknown): unknown {
  return isSchemaNode(value) && Object.hasOwn(value, '@value') ? value['@value'] : value;
}

/** The first string or number among a property's values. */
export function firstLiteral(value: unknown, resolve: NodeResolver): string | number | null {
  for (const item of values(value, resolve)) {
    if (typeof item === 'string' || typeof item === 'number') return item;
  }
  return null;
}

/** The first name among a property's values: a plain string, or a Thing's `name`. */
export function firstName(value: unknown, resolve: NodeResolver): string | null {
  for (const item of values(value, resolve)) {
    if (typeof item === 'string') return item;
    if (isSchemaNode(item)) {
      const name = firstLiteral(property(item, 'name'), resolve);
      if (typeof name === 'string') return name;
    }
  }
  return null;
}

/** The first node among a property's values. */
export function firstNode(value: unknown, resolve: NodeResolver): SchemaNode | null {
  for (const item of values(value, resolve)) {
    if (isSchemaNode(item)) return item;
  }
  return null;
}

/**
 * Builds the resolver for a set of JSON-LD roots: every node with an @id (and more than an @id)
 * becomes a reference target, first one wins. Visits at most `maxNodesVisited` nodes.
 */
export function createResolver(roots: readonly unknown[]): NodeResolver {
  const byId = new Map<string, SchemaNode>();
  const stack: { value: unknown; depth: number }[] = roots.map((value) => ({ value, depth: 0 }));
  let visited = 0;
  while (stack.length > 0 && visited < extractionLimits.maxNodesVisited) {
    const { value, depth } = stack.pop()!;
    visited += 1;
    if (depth > 16) continue;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, extractionLimits.maxOffers)) {
        stack.push({ value: item, depth: depth + 1 });
      }
    } else if (isSchemaNode(value)) {
      const id = value['@id'];
      if (typeof id === 'string' && Object.keys(value).length > 1 && !byId.has(id)) {
        byId.set(id, value);
      }
      for (const key of Object.keys(value).slice(0, 200)) {
        const child = value[key];
        if (typeof child === 'object' && child !== null)
          stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return (value) => {
    if (!isSchemaNode(value)) return value;
    const id = value['@id'];
    if (typeof id !== 'string') return value;
    const keys = Object.keys(value);
    const isReference = keys.every((key) => key === '@id' || key === '@type');
    return isReference ? (byId.get(id) ?? value) : value;
  };
}
