import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toOffer } from './feed-item.ts';
import {
  FeedFormatError,
  readDelimitedFeed,
  readXmlFeed,
  type RawFeedItem,
} from './feed-readers.ts';

const fixtures = ['rss-feed.xml', 'atom-feed.xml', 'feed.tsv', 'feed.csv'].map((name) =>
  readFileSync(fileURLToPath(new URL(`../../../../test/fixtures/feeds/${name}`, import.meta.url))),
);

/** Reads a whole feed; the only error allowed out is a FeedFormatError, and every item must check cleanly. */
async function readAll(bytes: Buffer, format: 'xml' | 'tsv' | 'csv'): Promise<void> {
  const input = Readable.from([
    bytes.subarray(0, bytes.length >> 1),
    bytes.subarray(bytes.length >> 1),
  ]);
  const items: AsyncGenerator<RawFeedItem> =
    format === 'xml' ? readXmlFeed(input) : readDelimitedFeed(input, format);
  try {
    for await (const item of items) toOffer(item);
  } catch (error) {
    if (!(error instanceof FeedFormatError)) throw error;
  }
}

/** A fixture with some bytes changed, some cut, some repeated. */
const mutatedFixture = fc
  .tuple(
    fc.constantFrom(...fixtures),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
    fc.nat(),
    fc.nat(),
  )
  .map(([bytes, flips, cut, repeat]) => {
    const copy = Buffer.from(bytes);
    for (const [position, value] of flips) copy[position % copy.length] = value;
    const kept = copy.subarray(0, (cut % copy.length) + 1);
    return Buffer.concat([kept, kept.subarray(0, repeat % (kept.length + 1))]);
  });

describe('feed readers on hostile input', () => {
  it('never throw anything but a clear FeedFormatError, whatever the bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom('xml', 'tsv', 'csv' as const),
        async (bytes, format) => {
          await readAll(Buffer.from(bytes), format);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('survive mutated real feeds in every format', async () => {
    await fc.assert(
      fc.asyncProperty(
        mutatedFixture,
        fc.constantFrom('xml', 'tsv', 'csv' as const),
        async (bytes, format) => {
          await readAll(bytes, format);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cap giant fields instead of holding them whole', async () => {
    const giant = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>1</g:id><g:title>${'x'.repeat(200_000)}</g:title></item></channel></rss>`;
    const items: RawFeedItem[] = [];
    for await (const item of readXmlFeed(Readable.from([giant]))) items.push(item);
    expect(items[0]!.title!.length).toBeLessThanOrEqual(10_000);
  });

  it('refuses an empty CSV feed, and one without the columns offers need, naming them', async () => {
    const readCsv = async (text: string) => {
      const items: RawFeedItem[] = [];
      for await (const item of readDelimitedFeed(Readable.from([text]), 'csv')) items.push(item);
      return items;
    };
    await expect(readCsv('')).rejects.toThrow('The CSV feed is empty.');
    await expect(
      readCsv('id,name,url,cost\n1,Kettle,https://shop.example/k,9.99 USD\n'),
    ).rejects.toThrow(
      'The CSV feed\'s header row has no "title", "link", "price" columns (it has: id, name, url, cost).',
    );
    await expect(readCsv('id,title,link\n')).rejects.toThrow('has no "price" column');
    // The right columns with no rows yet is a feed with nothing in it, not a broken one.
    expect(await readCsv('id,title,link,g:sale_price\n')).toEqual([]);
  });

  it('refuses an empty XML feed clearly', async () => {
    await expect(async () => {
      for await (const item of readXmlFeed(Readable.from(['   ']))) void item;
    }).rejects.toThrow(FeedFormatError);
  });
});
