import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { extractionLimits } from './extraction-limits.ts';
import type { SchemaNode } from './schema-nodes.ts';
import { inlineTags } from './text-values.ts';

/**
 * Collects microdata items (itemscope/itemtype/itemprop) and RDFa-lite items
 * (vocab/typeof/property) while the page is walked once, as JSON-LD-shaped nodes: each property
 * holds the list of its values, strings or nested items.
 */
export class StructuredItemCollector {
  readonly microdataItems: SchemaNode[] = [];
  readonly rdfaItems: SchemaNode[] = [];
  private itemCount = 0;
  private propertyCount = 0;

  /**
   * Reads `element` inside the items of its ancestors and returns the items its children are
   * inside.
   */
  enter(element: Element, scope: ItemScope): ItemScope {
    const { attribs } = element;
    return {
      microdata: this.enterMicrodata(element, attribs, scope.microdata),
      rdfa: this.enterRdfa(element, attribs, scope.rdfa),
    };
  }

  private enterMicrodata(
    element: Element,
    attribs: Record<string, string>,
    parent: SchemaNode | null,
  ): SchemaNode | null {
    const names = attribs['itemprop'];
    if (attribs['itemscope'] !== undefined && this.itemCount < extractionLimits.maxItemscopes) {
      this.itemCount += 1;
      const item = newItem(attribs['itemtype'], attribs['itemid']);
      if (names !== undefined && parent !== null) this.addValue(parent, names, item);
      else this.microdataItems.push(item);
      return item;
    }
    if (names !== undefined && parent !== null) {
      this.addValue(parent, names, microdataValue(element));
    }
    return parent;
  }

  private enterRdfa(
    element: Element,
    attribs: Record<string, string>,
    parent: SchemaNode | null,
  ): SchemaNode | null {
    const names = attribs['property'];
    if (attribs['typeof'] !== undefined && this.itemCount < extractionLimits.maxItemscopes) {
      this.itemCount += 1;
      const item = newItem(attribs['typeof'], attribs['resource'] ?? attribs['about']);
      if (names !== undefined && parent !== null) this.addValue(parent, names, item);
      else this.rdfaItems.push(item);
      return item;
    }
    // A `property` outside any typeof (Open Graph's <meta property="og:…">) is not an item's.
    if (names !== undefined && parent !== null) {
      this.addValue(parent, names, rdfaValue(element));
    }
    return parent;
  }

  private addValue(item: SchemaNode, names: string, value: unknown): void {
    for (const name of splitTokens(names)) {
      if (this.propertyCount >= extractionLimits.maxItemprops) return;
      this.propertyCount += 1;
      const key = localPropertyName(name);
      if (key === '' || key === '__proto__') continue;
      const existing = item[key];
      if (Array.isArray(existing)) existing.push(value);
      else item[key] = [value];
    }
  }
}

export interface ItemScope {
  microdata: SchemaNode | null;
  rdfa: SchemaNode | null;
}

export const emptyItemScope: ItemScope = { microdata: null, rdfa: null };

function newItem(types: string | undefined, id: string | undefined): SchemaNode {
  const item: SchemaNode = { '@type': splitTokens(types ?? '') };
  if (id !== undefined && id.trim() !== '') item['@id'] = id.trim();
  return item;
}

function splitTokens(value: string): string[] {
  return value
    .slice(0, 1_000)
    .split(/\s+/)
    .filter((token) => token !== '')
    .slice(0, 8);
}

/** 'http://schema.org/priceCurrency' and 'schema:priceCurrency' → 'priceCurrency'. */
function localPropertyName(name: string): string {
  const cut = Math.max(name.lastIndexOf('/'), name.lastIndexOf('#'), name.lastIndexOf(':'));
  return name.slice(cut + 1);
}

const sourceElements = new Set(['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video']);
const linkElements = new Set(['a', 'area', 'link']);

/**
 * An itemprop's value (HTML spec "microdata property value"); a `content` or `value` attribute
 * wins on any element, as shops write `<span itemprop="price" content="19.99">$19.99</span>`.
 */
function microdataValue(element: Element): string {
  const { attribs, name } = element;
  if (attribs['content'] !== undefined) return attribs['content'];
  if (sourceElements.has(name)) return attribs['src'] ?? '';
  if (linkElements.has(name)) return attribs['href'] ?? '';
  if (name === 'object') return attribs['data'] ?? '';
  // <data>, <meter>, and the <input value> some shops mark up.
  if (attribs['value'] !== undefined) return attribs['value'];
  if (name === 'time' && attribs['datetime'] !== undefined) return attribs['datetime'];
  return textContent(element);
}

/** An RDFa property's value: content, then the linked resource, then the text. */
function rdfaValue(element: Element): string {
  const { attribs, name } = element;
  if (attribs['content'] !== undefined) return attribs['content'];
  if (attribs['resource'] !== undefined) return attribs['resource'];
  if (linkElements.has(name) && attribs['href'] !== undefined) return attribs['href'];
  if (sourceElements.has(name) && attribs['src'] !== undefined) return attribs['src'];
  if (name === 'time' && attribs['datetime'] !== undefined) return attribs['datetime'];
  return textContent(element);
}

const textContentLimit = 8_000;
const textContentNodes = 2_000;
const hiddenElements = new Set(['script', 'style', 'template', 'noscript']);

/**
 * An element's text as a reader sees it: inline elements run together ('1,299<sup>.99</sup>'),
 * block elements are separated by a space; scripts are skipped. Bounded in characters and in
 * nodes visited.
 */
export function textContent(element: Element): string {
  let text = '';
  let visited = 0;
  const stack: (Element['children'][number] | ' ')[] = [...element.children].reverse();
  while (stack.length > 0 && text.length < textContentLimit && visited < textContentNodes) {
    const node = stack.pop()!;
    visited += 1;
    if (node === ' ') {
      text += ' ';
    } else if (DomUtils.isText(node)) {
      text += node.data;
    } else if (DomUtils.isTag(node) && !hiddenElements.has(node.name)) {
      const isInline = inlineTags.has(node.name);
      if (!isInline) stack.push(' ');
      for (let index = node.children.length - 1; index >= 0; index -= 1) {
        stack.push(node.children[index]!);
      }
      if (!isInline) text += ' ';
    }
  }
  return text.slice(0, textContentLimit);
}
