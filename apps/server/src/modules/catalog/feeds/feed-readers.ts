import type { Readable } from 'node:stream';
import { parse as parseDelimited } from 'csv-parse';
import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';

/** One feed item as written: field name (without the `g:` prefix) to text. */
export type RawFeedItem = Record<string, string>;

export type FeedFormat = 'xml' | 'tsv' | 'csv';

/** A feed that cannot be read at all (not just a bad row): the whole import stops. */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

const MAX_FIELD_LENGTH = 10_000;
const MAX_FIELDS_PER_ITEM = 200;

/**
 * Items of a Google Merchant Center XML feed, RSS 2.0 (`<item>`) or Atom (`<entry>`), one at a
 * time as the bytes stream in; fields in the `g:` namespace or without a prefix.
 */
export async function* readXmlFeed(input: Readable): AsyncGenerator<RawFeedItem> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const ready: RawFeedItem[] = [];
  let item: RawFeedItem | null = null;
  let field: string | null = null;
  let text = '';
  let depth = 0;
  let itemDepth = -1;
  let sawRoot = false;

  parser.on('opentag', (tag) => {
    depth++;
    sawRoot = true;
    const name = localName(tag.name);
    if (item === null && (name === 'item' || name === 'entry')) {
      item = {};
      itemDepth = depth;
      return;
    }
    if (item !== null && depth === itemDepth + 1) {
      field = name;
      text = '';
      // Atom writes the link as an attribute.
      const href = tag.attributes.href;
      if (name === 'link' && typeof href === 'string' && !item.link)
        item.link = href.slice(0, MAX_FIELD_LENGTH);
    }
  });
  parser.on('text', (chunk) => {
    if (field !== null && text.length < MAX_FIELD_LENGTH) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (field !== null && text.length < MAX_FIELD_LENGTH) text += chunk;
  });
  parser.on('closetag', () => {
    if (item !== null && field !== null && depth === itemDepth + 1) {
      const value = text.trim().slice(0, MAX_FIELD_LENGTH);
      if (value !== '' && !(field in item) && Object.keys(item).length < MAX_FIELDS_PER_ITEM)
        item[field] = value;
      field = null;
    } else if (item !== null && depth === itemDepth) {
      ready.push(item);
      item = null;
      itemDepth = -1;
    }
    depth--;
  });

  let decoder: TextDecoder | null = null;
  try {
    for await (const chunk of input) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      decoder ??= decoderFor(bytes);
      // stream: true keeps a character split across chunks whole.
      parser.write(decoder.decode(bytes, { stream: true }));
      yield* ready.splice(0);
    }
    if (decoder) parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    throw new FeedFormatError(`The XML feed is malformed: ${(error as Error).message}`);
  }
  if (!sawRoot) throw new FeedFormatError('The XML feed is empty.');
  yield* ready.splice(0);
}

/** The decoder the XML declaration asks for (`encoding="ISO-8859-1"`), UTF-8 by default. */
function decoderFor(firstBytes: Buffer): TextDecoder {
  const declaration = /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(
    firstBytes.subarray(0, 200).toString('latin1'),
  );
  const encoding = declaration?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(encoding);
  } catch {
    throw new FeedFormatError(`The XML feed uses an unknown encoding "${encoding}".`);
  }
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return (colon === -1 ? qualified : qualified.slice(colon + 1)).toLowerCase();
}

/**
 * Rows of a delimited feed (TSV or CSV) with the standard column names in its header row,
 * streamed. A header like `g:price` or `Price` counts as `price`.
 */
export async function* readDelimitedFeed(
  input: Readable,
  format: 'tsv' | 'csv',
): AsyncGenerator<RawFeedItem> {
  let columns: string[] | null = null;
  const parser = input.pipe(
    parseDelimited({
      delimiter: format === 'tsv' ? '\t' : ',',
      columns: (header: string[]) =>
        (columns = header.map((name) => localName(name.trim()).replace(/\s+/g, '_'))),
      bom: true,
      relax_column_count: true,
      relax_quotes: format === 'tsv',
      quote: format === 'tsv' ? false : '"',
      skip_empty_lines: true,
      trim: true,
      max_record_size: 1_000_000,
    }),
  );
  let isHeaderChecked = false;
  try {
    for await (const record of parser) {
      if (!isHeaderChecked) {
        checkDelimitedHeader(columns ?? [], format);
        isHeaderChecked = true;
      }
      const row: RawFeedItem = {};
      for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
        if (typeof value === 'string' && value !== '') row[key] = value.slice(0, MAX_FIELD_LENGTH);
      }
      yield row;
    }
  } catch (error) {
    if (error instanceof FeedFormatError) throw error;
    throw new FeedFormatError(
      `The ${format.toUpperCase()} feed is malformed: ${(error as Error).message}`,
    );
  }
  if (columns === null) throw new FeedFormatError(`The ${format.toUpperCase()} feed is empty.`);
  if (!isHeaderChecked) checkDelimitedHeader(columns, format); // a header row and no rows
}

/**
 * A delimited feed must name the columns every offer needs: otherwise each row would be
 * rejected for the same missing fields, when the file itself is what is wrong (another
 * spreadsheet, another format, a file that is no feed at all).
 */
function checkDelimitedHeader(columns: readonly string[], format: 'tsv' | 'csv'): void {
  const has = (name: string) => columns.includes(name);
  const missing = ['id', 'title', 'link'].filter((name) => !has(name));
  if (!has('price') && !has('sale_price')) missing.push('price');
  if (missing.length === 0) return;
  const found = columns.filter(Boolean).slice(0, 12).join(', ').slice(0, 200);
  throw new FeedFormatError(
    `The ${format.toUpperCase()} feed's header row has no ${missing.map((name) => `"${name}"`).join(', ')} column` +
      `${missing.length > 1 ? 's' : ''} (it has: ${found || 'nothing'}). Use the Google Merchant Center column names.`,
  );
}

/** Guesses a feed's format from its name and first bytes (`<` means XML; a tab in the header, TSV). */
export function detectFeedFormat(name: string, firstBytes: string): FeedFormat {
  const lower = name.toLowerCase();
  if (/\.(xml|rss|atom)$/.test(lower) || firstBytes.trimStart().startsWith('<')) return 'xml';
  if (/\.(tsv|tab)$/.test(lower)) return 'tsv';
  if (/\.csv$/.test(lower)) return 'csv';
  const header = firstBytes.split(/\r?\n/, 1)[0] ?? '';
  return header.includes('\t') ? 'tsv' : 'csv';
}
