import type { Element } from 'domhandler';
import { DomHandler, Tokenizer, type QuoteType, type TokenizerCallbacks } from 'htmlparser2';
import { extractionLimits } from './extraction-limits.ts';

/** The document tree cheerio works on (domhandler's Document). */
export type HtmlDocument = DomHandler['root'];

/**
 * Parses HTML into a domhandler tree in linear time, whatever the markup.
 *
 * Why not `cheerio.load(html)`: both of its parsers slow down quadratically with nesting
 * (parse5 took 54 s and htmlparser2's Parser 1.6 s for 100,000 unclosed <div>s, which fit in
 * 500 kB), because every open tag or stray close tag scans the stack of open elements. Here
 * htmlparser2's Tokenizer (a linear state machine) feeds a tree builder whose stack operations
 * are O(1), with a depth ceiling and an element ceiling. The tree is close to what a browser
 * builds for ordinary pages; for hostile markup it only has to be harmless.
 */
export function parseHtml(html: string): HtmlDocument {
  const builder = new BoundedTreeBuilder(html);
  const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, builder);
  tokenizer.write(html);
  tokenizer.end();
  return builder.document();
}

const voidElements = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements kept past the element ceiling: everything the extractor reads from <head>. */
const essentialElements = new Set(['script', 'meta', 'link', 'title', 'base']);

/** Elements whose content is raw text, so they can never hold nested elements. */
const rawTextElements = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

const foreignRoots = new Set(['svg', 'math']);

// Opening a block element closes a <p>; list items, table cells and options close their siblings.
// A subset of the HTML spec's implied end tags: enough to keep ordinary pages' trees right.
const paragraphClosers = [
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
];
const impliedCloses = new Map<string, ReadonlySet<string>>([
  ...paragraphClosers.map((name) => [name, new Set(['p'])] as const),
  ['li', new Set(['li', 'p'])],
  ['dt', new Set(['dt', 'dd', 'p'])],
  ['dd', new Set(['dt', 'dd', 'p'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['option', 'optgroup'])],
  ['tr', new Set(['tr', 'td', 'th'])],
  ['td', new Set(['td', 'th'])],
  ['th', new Set(['td', 'th'])],
  ['thead', new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th'])],
  ['tbody', new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th'])],
  ['tfoot', new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th'])],
  ['body', new Set(['head'])],
]);

interface OpenElement {
  name: string;
  isForeign: boolean;
}

class BoundedTreeBuilder implements TokenizerCallbacks {
  private readonly handler = new DomHandler();
  private readonly stack: OpenElement[] = [];
  /** How many elements of each name are open, so a stray close tag costs O(1). */
  private readonly openCounts = new Map<string, number>();
  /** Open tags dropped at a ceiling, whose close tags must be dropped too. */
  private readonly droppedCounts = new Map<string, number>();
  private elementCount = 0;
  private tagName = '';
  private attributes: Record<string, string> = {};
  private attributeCount = 0;
  private attributeName = '';
  private attributeValue = '';

  constructor(private readonly html: string) {
    // Like a browser, one <html> element holds everything, whatever the markup. It also keeps
    // cheerio fast: it de-duplicates the document's top-level nodes in quadratic time.
    this.handler.onopentag('html', {});
    this.stack.push({ name: 'html', isForeign: false });
  }

  private get root() {
    return this.handler.root.children[0] as Element;
  }

  document(): HtmlDocument {
    return this.handler.root;
  }

  ontext(start: number, endIndex: number): void {
    this.handler.ontext(this.html.slice(start, endIndex));
  }

  ontextentity(codePoint: number): void {
    this.handler.ontext(fromCodePoint(codePoint));
  }

  onopentagname(start: number, endIndex: number): void {
    this.tagName = this.html.slice(start, endIndex).toLowerCase();
    this.attributes = {};
    this.attributeCount = 0;
  }

  onattribname(start: number, endIndex: number): void {
    this.attributeName = this.html.slice(start, endIndex).toLowerCase();
    this.attributeValue = '';
  }

  onattribdata(start: number, endIndex: number): void {
    const room = extractionLimits.maxAttributeChars - this.attributeValue.length;
    if (room > 0) this.attributeValue += this.html.slice(start, Math.min(endIndex, start + room));
  }

  onattribentity(codePoint: number): void {
    if (this.attributeValue.length < extractionLimits.maxAttributeChars) {
      this.attributeValue += fromCodePoint(codePoint);
    }
  }

  onattribend(_quote: QuoteType, _endIndex: number): void {
    const name = this.attributeName;
    if (
      this.attributeCount < extractionLimits.maxAttributesPerElement &&
      name !== '__proto__' &&
      !Object.hasOwn(this.attributes, name)
    ) {
      this.attributes[name] = this.attributeValue;
      this.attributeCount += 1;
    }
    this.attributeValue = '';
  }

  onopentagend(): void {
    this.openElement(false);
  }

  onselfclosingtag(): void {
    this.openElement(true);
  }

  onclosetag(start: number, endIndex: number): void {
    this.closeElement(this.html.slice(start, endIndex).toLowerCase());
  }

  onend(): void {
    while (this.stack.length > 0) this.popElement();
    this.handler.onend();
  }

  // Comments, CDATA, doctypes and processing instructions carry nothing the extractor reads.
  oncomment(): void {}
  oncdata(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  private openElement(isSelfClosing: boolean): void {
    const name = this.tagName;
    const attributes = this.attributes;
    this.attributes = {};
    if (name === 'html') {
      // A later <html> tag only adds its attributes to the one root (HTML spec "in body").
      for (const [key, value] of Object.entries(attributes)) {
        if (!Object.hasOwn(this.root.attribs, key)) this.root.attribs[key] = value;
      }
      return;
    }
    const closes = impliedCloses.get(name);
    if (closes !== undefined) {
      while (this.stack.length > 1 && closes.has(this.stack[this.stack.length - 1]!.name)) {
        this.popElement();
      }
    }
    if (voidElements.has(name)) {
      this.handler.onopentag(name, attributes);
      this.handler.onclosetag();
      this.elementCount += 1;
      return;
    }
    const parent = this.stack[this.stack.length - 1];
    const isForeign = (parent?.isForeign ?? false) || foreignRoots.has(name);
    const isBeyondCeiling =
      this.stack.length >= extractionLimits.maxTreeDepth ||
      this.elementCount >= extractionLimits.maxElements;
    // Raw-text elements cannot nest, so keeping them past the ceiling costs one level at most.
    if (isBeyondCeiling && !(essentialElements.has(name) && rawTextElements.has(name))) {
      if (!(isSelfClosing && isForeign)) {
        this.droppedCounts.set(name, (this.droppedCounts.get(name) ?? 0) + 1);
      }
      return;
    }
    this.handler.onopentag(name, attributes);
    this.elementCount += 1;
    this.stack.push({ name, isForeign });
    this.openCounts.set(name, (this.openCounts.get(name) ?? 0) + 1);
    // In HTML '<div/>' opens a div; only SVG and MathML elements close themselves.
    if (isSelfClosing && isForeign) this.popElement();
  }

  private closeElement(name: string): void {
    if (voidElements.has(name) || name === 'html') return;
    const dropped = this.droppedCounts.get(name) ?? 0;
    if (dropped > 0) {
      this.droppedCounts.set(name, dropped - 1);
      return;
    }
    if ((this.openCounts.get(name) ?? 0) === 0) return;
    // Amortised O(1): every element is popped once.
    for (;;) {
      const popped = this.popElement();
      if (popped === undefined || popped === name) return;
    }
  }

  private popElement(): string | undefined {
    const element = this.stack.pop();
    if (element === undefined) return undefined;
    this.openCounts.set(element.name, (this.openCounts.get(element.name) ?? 1) - 1);
    this.handler.onclosetag();
    // Everything dropped at the depth ceiling was inside the element that just closed.
    if (
      this.droppedCounts.size > 0 &&
      this.stack.length < extractionLimits.maxTreeDepth &&
      this.elementCount < extractionLimits.maxElements
    ) {
      this.droppedCounts.clear();
    }
    return element.name;
  }
}

function fromCodePoint(codePoint: number): string {
  return Number.isInteger(codePoint) && codePoint >= 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : '\ufffd';
}
