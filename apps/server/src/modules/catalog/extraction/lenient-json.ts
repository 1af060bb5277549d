import { extractionLimits } from './extraction-limits.ts';
import { decodeHtmlEntities } from './text-values.ts';

/**
 * Reads the JSON values in a script's text the way shops actually write them: strict JSON first,
 * then a forgiving reader that accepts comments, trailing or missing commas, single-quoted
 * strings, unquoted keys, raw control characters in strings, HTML-escaped quotes, several values
 * in a row and a truncated end. Never throws; returns what it could read.
 */
export function readJsonValues(text: string): unknown[] {
  let source = stripScriptWrappers(text);
  if (source === '') return [];
  // Some pages HTML-escape the whole block ({&quot;@type&quot;: ...}).
  if (!source.includes('"') && /&(?:quot|#34|#x22);/i.test(source)) {
    source = decodeHtmlEntities(source);
  }
  try {
    return [JSON.parse(source)];
  } catch {
    // Broken JSON-LD is common; the forgiving reader takes what it can.
    return new LenientJsonReader(source).readAll();
  }
}

/**
 * Reads the first JSON value that starts at or after `start` (for state embedded in scripts,
 * `window.__STATE__ = {...};`). Undefined when there is none.
 */
export function readJsonValueAt(text: string, start: number): unknown {
  const reader = new LenientJsonReader(text, start);
  return reader.readFirst();
}

/** Leading/trailing `<!--`, `-->`, `<![CDATA[`, `]]>` and `//` that wrap old inline scripts. */
function stripScriptWrappers(text: string): string {
  let source = text.trim();
  if (source.startsWith('\ufeff')) source = source.slice(1).trim();
  for (const prefix of ['<!--', '//<![CDATA[', '/*<![CDATA[*/', '<![CDATA[']) {
    if (source.startsWith(prefix)) source = source.slice(prefix.length).trim();
  }
  for (const suffix of ['-->', '//]]>', '/*]]>*/', ']]>']) {
    if (source.endsWith(suffix)) source = source.slice(0, -suffix.length).trim();
  }
  return source;
}

const numberPattern = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const wordPattern = /[A-Za-z_$@][\w$@.-]*/y;
const escapes: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * A recursive-descent reader that always makes progress: every loop step consumes at least one
 * character or returns, so its time is linear in the text. Nesting deeper than
 * `maxJsonDepth` is skipped (by bracket counting) and read as null.
 */
class LenientJsonReader {
  private position: number;

  constructor(
    private readonly text: string,
    start = 0,
  ) {
    this.position = start;
  }

  readAll(): unknown[] {
    const values: unknown[] = [];
    while (values.length < extractionLimits.maxJsonMembers) {
      this.skipTrivia();
      if (this.position >= this.text.length) break;
      const character = this.text[this.position];
      if (character === '{' || character === '[') {
        values.push(this.readValue(0));
      } else {
        // Junk between values (stray commas, semicolons, text): skip it.
        this.position += 1;
      }
    }
    return values;
  }

  readFirst(): unknown {
    while (this.position < this.text.length) {
      const character = this.text[this.position];
      if (character === '{' || character === '[') return this.readValue(0);
      this.position += 1;
    }
    return undefined;
  }

  /** A value, or undefined (nothing consumed) when the next character cannot start one. */
  private readValue(depth: number): unknown {
    this.skipTrivia();
    const character = this.text[this.position];
    switch (character) {
      case '{':
      case '[':
        if (depth >= extractionLimits.maxJsonDepth) {
          this.skipComposite();
          return null;
        }
        return character === '{' ? this.readObject(depth + 1) : this.readArray(depth + 1);
      case '"':
      case "'":
        return this.readString(character);
      case undefined:
        return undefined;
      default:
        return this.readScalar();
    }
  }

  private readObject(depth: number): Record<string, unknown> {
    this.position += 1;
    const object: Record<string, unknown> = {};
    let members = 0;
    while (this.position < this.text.length) {
      this.skipTrivia();
      const character = this.text[this.position];
      if (character === '}' || character === ']') {
        this.position += 1;
        return object;
      }
      if (character === ',' || character === ':') {
        this.position += 1;
        continue;
      }
      const key = this.readKey();
      if (key === undefined) {
        this.position += 1;
        continue;
      }
      this.skipTrivia();
      if (this.text[this.position] !== ':' && this.text[this.position] !== '=') continue;
      this.position += 1;
      const value = this.readValue(depth);
      if (value === undefined) continue;
      if (key !== '__proto__' && members < extractionLimits.maxJsonMembers) {
        object[key] = value;
        members += 1;
      }
    }
    return object;
  }

  private readArray(depth: number): unknown[] {
    this.position += 1;
    const array: unknown[] = [];
    while (this.position < this.text.length) {
      this.skipTrivia();
      const character = this.text[this.position];
      if (character === ']' || character === '}') {
        this.position += 1;
        return array;
      }
      if (character === ',') {
        this.position += 1;
        continue;
      }
      const value = this.readValue(depth);
      if (value === undefined) {
        this.position += 1;
        continue;
      }
      if (array.length < extractionLimits.maxJsonMembers) array.push(value);
    }
    return array;
  }

  private readKey(): string | undefined {
    const character = this.text[this.position];
    if (character === '"' || character === "'") return this.readString(character);
    wordPattern.lastIndex = this.position;
    const match = wordPattern.exec(this.text);
    if (match === null) return undefined;
    this.position = wordPattern.lastIndex;
    return match[0];
  }

  /** Numbers, true/false/null and bare words; undefined when none starts here. */
  private readScalar(): unknown {
    numberPattern.lastIndex = this.position;
    const number = numberPattern.exec(this.text);
    if (number !== null) {
      this.position = numberPattern.lastIndex;
      const value = Number(number[0]);
      return Number.isFinite(value) ? value : null;
    }
    wordPattern.lastIndex = this.position;
    const word = wordPattern.exec(this.text);
    if (word === null) return undefined;
    this.position = wordPattern.lastIndex;
    switch (word[0]) {
      case 'true':
        return true;
      case 'false':
        return false;
      case 'null':
      case 'undefined':
      case 'NaN':
      case 'Infinity':
        return null;
      default:
        return word[0];
    }
  }

  /** A string to its closing quote, or to the end of a truncated text. */
  private readString(quote: string): string {
    const { text } = this;
    this.position += 1;
    const parts: string[] = [];
    let runStart = this.position;
    while (this.position < text.length) {
      const character = text[this.position]!;
      if (character === quote) {
        parts.push(text.slice(runStart, this.position));
        this.position += 1;
        return parts.join('');
      }
      if (character !== '\\') {
        this.position += 1;
        continue;
      }
      parts.push(text.slice(runStart, this.position));
      const escaped = text[this.position + 1];
      this.position += 2;
      runStart = this.position;
      if (escaped === undefined) break;
      if (escaped === 'u') {
        const hex = text.slice(this.position, this.position + 4);
        if (/^[0-9a-fA-F]{4}$/.test(hex)) {
          parts.push(String.fromCharCode(Number.parseInt(hex, 16)));
          this.position += 4;
        } else {
          parts.push('u');
        }
      } else {
        // Unknown escapes ('\'', '\/', '\x') stand for the character itself.
        parts.push(escapes[escaped] ?? escaped);
      }
      runStart = this.position;
    }
    parts.push(text.slice(runStart));
    return parts.join('');
  }

  /** Skips a too-deep object or array by counting brackets outside strings. */
  private skipComposite(): void {
    const { text } = this;
    let depth = 0;
    let quote: string | null = null;
    while (this.position < text.length) {
      const character = text[this.position]!;
      this.position += 1;
      if (quote !== null) {
        if (character === '\\') this.position += 1;
        else if (character === quote) quote = null;
      } else if (character === '"' || character === "'") {
        quote = character;
      } else if (character === '{' || character === '[') {
        depth += 1;
      } else if (character === '}' || character === ']') {
        depth -= 1;
        if (depth <= 0) return;
      }
    }
  }

  /** Whitespace (control characters included) and JavaScript or HTML comments. */
  private skipTrivia(): void {
    const { text } = this;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (code <= 0x20 || code === 0xa0 || code === 0xfeff || code === 0x2028 || code === 0x2029) {
        this.position += 1;
        continue;
      }
      if (code !== 0x2f && code !== 0x3c) return; // '/' and '<'
      if (text.startsWith('//', this.position)) {
        const end = text.indexOf('\n', this.position);
        this.position = end < 0 ? text.length : end + 1;
      } else if (text.startsWith('/*', this.position)) {
        const end = text.indexOf('*/', this.position + 2);
        this.position = end < 0 ? text.length : end + 2;
      } else if (text.startsWith('<!--', this.position)) {
        this.position += 4;
      } else {
        return;
      }
    }
  }
}
