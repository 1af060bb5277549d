import type { Element } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { extractionLimits } from './extraction-limits.ts';
import {
  emptyItemScope,
  StructuredItemCollector,
  textContent,
  type ItemScope,
} from './microdata.ts';
import type { HtmlDocument } from './parse-html.ts';
import type { SchemaNode } from './schema-nodes.ts';

/** Everything the extractor reads from the page's markup, gathered in one walk of the tree. */
export interface PageIndex {
  /** <meta> content by lower-cased `property` or `name` ('og:title', 'description'), in order. */
  metas: ReadonlyMap<string, readonly string[]>;
  /** <meta itemprop> outside any item, by lower-cased itemprop ('pricecurrency'). */
  orphanItemprops: ReadonlyMap<string, readonly string[]>;
  canonicalHref: string | null;
  imageSrcHref: string | null;
  baseHref: string | null;
  language: string | null;
  titleText: string | null;
  jsonLdTexts: readonly string[];
  /** Scripts that embed a shop's page state (`window.__TGT_DATA__ = …`). */
  stateScripts: readonly string[];
  microdataItems: readonly SchemaNode[];
  rdfaItems: readonly SchemaNode[];
}

/** Markers of the page-state blobs the HTML fallback knows how to read. */
export const stateScriptMarkers = ['__TGT_DATA__'] as const;

const maxMetaValuesPerKey = 20;
const maxMetaKeys = 500;
const maxStateScripts = 4;

export function indexPage(document: HtmlDocument): PageIndex {
  const metas = new Map<string, string[]>();
  const orphanItemprops = new Map<string, string[]>();
  const jsonLdTexts: string[] = [];
  const stateScripts: string[] = [];
  const items = new StructuredItemCollector();
  let canonicalHref: string | null = null;
  let imageSrcHref: string | null = null;
  let baseHref: string | null = null;
  let language: string | null = null;
  let titleText: string | null = null;

  const stack: { element: Element; scope: ItemScope; inForeign: boolean }[] = [];
  const pushChildren = (children: Element['children'], scope: ItemScope, inForeign: boolean) => {
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index]!;
      if (DomUtils.isTag(child)) stack.push({ element: child, scope, inForeign });
    }
  };
  pushChildren(document.children, emptyItemScope, false);

  while (stack.length > 0) {
    const { element, scope, inForeign } = stack.pop()!;
    const { attribs, name } = element;
    switch (name) {
      case 'html':
        language ??= nonEmpty(attribs['lang'] ?? attribs['xml:lang']);
        break;
      case 'meta': {
        const key = (attribs['property'] ?? attribs['name'] ?? '').trim().toLowerCase();
        const content = attribs['content'] ?? attribs['value'];
        if (key !== '' && content !== undefined) addTo(metas, key, content);
        const itemprop = attribs['itemprop'];
        if (itemprop !== undefined && content !== undefined && scope.microdata === null) {
          addTo(orphanItemprops, itemprop.trim().toLowerCase(), content);
        }
        if (attribs['http-equiv']?.toLowerCase() === 'content-language' && content !== undefined) {
          addTo(metas, 'content-language', content);
        }
        break;
      }
      case 'link': {
        const relations = (attribs['rel'] ?? '').toLowerCase().split(/\s+/);
        const href = attribs['href'];
        if (href !== undefined && relations.includes('canonical')) canonicalHref ??= href;
        if (href !== undefined && relations.includes('image_src')) imageSrcHref ??= href;
        break;
      }
      case 'base':
        baseHref ??= nonEmpty(attribs['href']);
        break;
      case 'title':
        if (!inForeign) titleText ??= textContent(element);
        break;
      case 'script': {
        const type = (attribs['type'] ?? '').split(';')[0]!.trim().toLowerCase();
        const text = scriptText(element);
        if (type === 'application/ld+json') {
          if (jsonLdTexts.length < extractionLimits.maxJsonLdBlocks) {
            jsonLdTexts.push(text.slice(0, extractionLimits.maxJsonLdChars));
          }
        } else if (
          stateScripts.length < maxStateScripts &&
          stateScriptMarkers.some((marker) => text.includes(marker))
        ) {
          stateScripts.push(text.slice(0, extractionLimits.maxEmbeddedStateChars));
        }
        break;
      }
    }
    const childScope = items.enter(element, scope);
    pushChildren(element.children, childScope, inForeign || name === 'svg' || name === 'math');
  }

  return {
    metas,
    orphanItemprops,
    canonicalHref,
    imageSrcHref,
    baseHref,
    language,
    titleText,
    jsonLdTexts,
    stateScripts,
    microdataItems: items.microdataItems,
    rdfaItems: items.rdfaItems,
  };
}

function addTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) {
    if (map.size < maxMetaKeys) map.set(key, [value]);
  } else if (list.length < maxMetaValuesPerKey) {
    list.push(value);
  }
}

function nonEmpty(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/** A script's raw text (the parser keeps it as text children). */
function scriptText(element: Element): string {
  let text = '';
  for (const child of element.children) {
    if (DomUtils.isText(child)) text += child.data;
  }
  return text;
}
