import {
  idfFromTitles,
  TRIGRAM_SIMILARITY_THRESHOLD,
  trigramSimilarity,
  trigramsOf,
  type IdfTable,
} from '@ipick/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/schema.ts';
import { isListedOffer, isListedRetailer } from '../catalog/listed-retailers.ts';

type Db = Kysely<DatabaseSchema>;

/** An offer with its retailer, as comparisons read them. */
export interface OfferView {
  id: string;
  productId: string | null;
  retailerId: string;
  retailerKey: string;
  retailerName: string;
  retailerProductId: string;
  url: string;
  title: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  imageUrl: string | null;
  priceMinor: number | null;
  currency: string | null;
  availability: string | null;
  condition: string | null;
  shippingMinor: number | null;
  category: string | null;
}

/** Most candidates a title search returns before the matcher re-scores them. */
const TITLE_CANDIDATES = 60;
/** A word set grows, rarest word first, until about this many offers are expected to match; */
const EXPECTED_PER_WORD_SET = 30;
/** a set that runs out of words with more than this many expected is not used. */
const MAX_EXPECTED_PER_WORD_SET = 5_000;
/** Word sets are also made without the title's rarest word, and the next if hardly seen. */
const SKIPPED_RAREST_WORDS = 2;
/** Most words in one word set, and most offers the word sets may bring for scoring. */
const MAX_SET_WORDS = 6;
const MAX_CANDIDATE_OFFERS = 500;
/** Most offers holding all the words of a common-words title read to pick the shortest from. */
const MAX_COMMON_WORD_HOLDERS = 20_000;
/** Pages of offers sampled (some 20,000 titles) to tell common title words from rare ones... */
const WORD_SAMPLE_PAGES = 800;
/** ...and how long a sample serves before the next is taken in the background. */
const WORD_SAMPLE_MAX_AGE_MS = 30 * 60_000;
/**
 * Sampled titles needed before the matcher reads token rarity from the catalog instead of its
 * train splits (the smallest catalog it was measured on, Abt-Buy's two tables, has some 2,000).
 */
export const CATALOG_IDF_MIN_TITLES = 1_000;

/** Words that offers' titles should all contain, and how many offers are expected to. */
interface WordSet {
  words: string[];
  expected: number;
}

/** Which sampled offer titles hold each word, to tell how many offers hold a set of words. */
interface WordSample {
  offers: number;
  titles: number;
  /** For each word, the numbers of the sampled titles that hold it, ascending. */
  titlesWith: Map<string, number[]>;
  /** Token rarity over the sampled titles for the matcher; null below CATALOG_IDF_MIN_TITLES. */
  idf: IdfTable | null;
}

/**
 * The distinct words of a title to look offers up by (three characters or more):
 * its runs of letters and digits, and its hyphenated names such as "p-series" or "usb-c" whole.
 */
function searchWords(title: string): string[] {
  const lower = title.toLowerCase();
  const runs = lower.split(/[^\p{L}\p{N}]+/u);
  const names = lower
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+$/u.test(word));
  return [...new Set([...runs, ...names].filter((word) => word.length >= 3))];
}

/** The words of an offer's title, as the title-word index (migration 0015) holds them. */
const titleWords = sql`to_tsvector('simple'::regconfig, title)`;

/**
 * A full-text query for titles holding every word. Words are letters, digits and inner hyphens
 * (searchWords), quoted so that none is read as an operator; a hyphenated name also asks for
 * its parts, as the parser splits titles the same way.
 */
function wordQuery(words: string[]): string {
  return words.map((word) => `'${word}'`).join(' & ');
}

/** The numbers in both ascending lists. */
function intersect(a: number[], b: number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      both.push(a[i]!);
      i++;
      j++;
    }
  }
  return both;
}

/** The only place with SQL for comparisons. */
export class CompareRepository {
  readonly #db: Db;
  #wordSample: Promise<WordSample> | null = null;
  #wordSampleAt = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  #offers(db: Db = this.#db) {
    return db
      .selectFrom('offers as o')
      .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
      .leftJoin('products as p', 'p.id', 'o.product_id')
      .select([
        'o.id',
        'o.product_id as productId',
        'o.retailer_id as retailerId',
        'r.key as retailerKey',
        'r.display_name as retailerName',
        'o.retailer_product_id as retailerProductId',
        'o.url',
        'o.title',
        'o.brand',
        'o.gtin',
        'o.mpn',
        'o.image_url as imageUrl',
        'o.price_minor as priceMinor',
        'o.currency',
        'o.availability',
        'o.condition',
        'o.shipping_minor as shippingMinor',
        'p.category',
      ]);
  }

  /** The offer of a retailer's product id, looked up among the retailers serving `hosts`. */
  findOfferByRetailerProduct(
    retailerKey: string,
    retailerProductId: string,
  ): Promise<OfferView | undefined> {
    return this.#offers()
      .where('r.key', '=', retailerKey)
      .where('o.retailer_product_id', '=', retailerProductId)
      .executeTakeFirst();
  }

  findOfferByUrl(url: string): Promise<OfferView | undefined> {
    return this.#offers().where('o.url', '=', url).executeTakeFirst();
  }

  /**
   * Offers a comparison may show besides the pasted one: those of listed retailers only
   * (`isListedRetailer`), so a pasted page or an unapproved merchant reaches no other shopper.
   */
  #listedOffers(db: Db = this.#db) {
    return this.#offers(db).where(isListedRetailer('r'));
  }

  /** Other offers of the same canonical product (linked by GTIN or brand + MPN). */
  offersOfProduct(productId: string, exceptOfferId: string | null): Promise<OfferView[]> {
    let query = this.#listedOffers().where('o.product_id', '=', productId);
    if (exceptOfferId) query = query.where('o.id', '<>', exceptOfferId);
    return query.limit(100).execute();
  }

  /** Offers with the same GTIN whatever product they are linked to. */
  offersWithGtin(gtin: string): Promise<OfferView[]> {
    return this.#listedOffers().where('o.gtin', '=', gtin).limit(100).execute();
  }

  /**
   * Offers whose titles are most like `title` (trigram similarity). Scoring every title that
   * shares a few trigrams is too slow for a large catalog, so the candidates are the offers that
   * contain the title's rarest words (see #wordSets), each set found through the title-word index.
   */
  async offersWithSimilarTitles(title: string): Promise<OfferView[]> {
    const sets = this.#wordSets(title, await this.#currentWordSample());
    // Without statistics (PGlite has no autovacuum) or on a small catalog the planner may read
    // every title instead of using an index, at some 10 µs a title: never wanted here.
    return this.#db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return this.#similarTitles(trx, title, sets);
    });
  }

  /**
   * The words of `title` that some offer title holds (per the word sample), in order; words too
   * short to look up stay. For a link's words: a shop's slug adds words no listing has ("hands
   * free", a model the catalog lacks), and a set of rare words holding one is found nowhere.
   */
  async knownTitleWords(title: string): Promise<string> {
    const sample = await this.#currentWordSample();
    return title
      .split(/\s+/)
      .filter((word) => {
        const words = searchWords(word);
        return words.length === 0 || words.some((each) => sample.titlesWith.has(each));
      })
      .join(' ');
  }

  /**
   * Token rarity in this catalog's offer titles (from the same sample as the word look-ups,
   * renewed with it), for the matcher to weigh words by: a series name common here weighs
   * little, a model number few offers have weighs most. Null while the catalog is too small to
   * tell; the matcher then uses its own table.
   */
  async catalogIdf(): Promise<IdfTable | null> {
    return (await this.#currentWordSample()).idf;
  }

  async #similarTitles(db: Db, title: string, sets: WordSet[]): Promise<OfferView[]> {
    if (sets.length > 0) return this.#titlesHolding(db, title, sets);
    // A title of common words only: first the titles holding all of its words, a bounded
    // look-up; only when there are none, a similarity scan of every title (slow on a large
    // catalog, about a second at a million offers).
    const words = searchWords(title);
    const holdingAll =
      words.length > 0 ? await this.#titlesHolding(db, title, [{ words }], 'shortest') : [];
    if (holdingAll.length > 0) return holdingAll;
    return this.#listedOffers(db)
      .where(sql<boolean>`o.title % ${title}`)
      .orderBy(sql`similarity(o.title, ${title})`, 'desc')
      .limit(TITLE_CANDIDATES)
      .execute();
  }

  /**
   * The offers holding every word of one of `sets`, most similar titles first. Of more than
   * MAX_CANDIDATE_OFFERS such offers, any are ranked; with `shortest`, the shortest titles of
   * up to MAX_COMMON_WORD_HOLDERS, for a title of common words that thousands of offers hold.
   * Those are the most similar: a title holding every word of the pasted one has all of its
   * trigrams, so its similarity is the pasted title's trigrams over its own, and each further
   * word adds trigrams.
   */
  async #titlesHolding(
    db: Db,
    title: string,
    sets: Pick<WordSet, 'words'>[],
    pick: 'any' | 'shortest' = 'any',
  ): Promise<OfferView[]> {
    // Every word of a set is looked up in the title-word index: intersecting the words' lists
    // there is cheaper than reading the rows of a few of them and checking the rest on each.
    // The sets go in one query ("(a & b) | (a & c)"), which the index answers in one scan: as
    // several conditions joined by OR, a planner without statistics (PGlite) walked every offer
    // of each listed shop instead and worked out each title's words once per set (a second for
    // some titles of a 10,000-offer catalog).
    const anySet = sets.map(({ words }) => `(${wordQuery(words)})`).join(' | ');
    const holding = sql`${titleWords} @@ to_tsquery('simple'::regconfig, ${anySet})`;
    // The titles found are ranked here rather than in the database, which would work out the
    // pasted title's trigrams again for every row found (most of the search's time); both use
    // pg_trgm's similarity. The joins then read the best rows only.
    const holders = sql`select id, title from offers o where (${holding}) and ${isListedOffer('o')}`;
    const picked =
      pick === 'any'
        ? holders
        : sql`select id, title from (${holders} limit ${sql.lit(MAX_COMMON_WORD_HOLDERS)}) as h
              order by length(title)`;
    const { rows: found } = await sql<{ id: string; title: string }>`
      ${picked} limit ${sql.lit(MAX_CANDIDATE_OFFERS)}`.execute(db);
    const pasted = trigramsOf(title);
    const best = found
      .map((row) => ({ id: row.id, similarity: trigramSimilarity(pasted, trigramsOf(row.title)) }))
      .filter((row) => row.similarity >= TRIGRAM_SIMILARITY_THRESHOLD)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, TITLE_CANDIDATES);
    if (best.length === 0) return [];
    const rank = new Map(best.map((row, index) => [row.id, index]));
    const offers = await this.#offers(db)
      .where('o.id', 'in', [...rank.keys()])
      .execute();
    return offers.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  }

  /**
   * The word sets to look titles up by: the rarest words of `title` until only about
   * EXPECTED_PER_WORD_SET offers are expected to contain them all; the same with each of those
   * words left out in turn (a colour, "Qt" written for "Quart"); and the same without the
   * title's rarest word or two. Sets expected to match more than MAX_EXPECTED_PER_WORD_SET
   * offers are left out. Empty when the first one is (a short title of common words).
   */
  #wordSets(title: string, sample: WordSample): WordSet[] {
    const holding = (word: string) => sample.titlesWith.get(word) ?? [];
    const words = searchWords(title).sort(
      (a, b) => holding(a).length - holding(b).length || b.length - a.length,
    );
    // Counted in the sample rather than multiplied out: a brand and its product lines go together.
    const expected = (titles: number) => ((titles + 0.5) / (sample.titles + 1)) * sample.offers;
    const rarest = (from: string[]): WordSet | null => {
      const chosen: string[] = [];
      let titles: number[] | null = null;
      for (const word of from) {
        if (
          (titles && expected(titles.length) <= EXPECTED_PER_WORD_SET) ||
          chosen.length === MAX_SET_WORDS
        )
          break;
        chosen.push(word);
        titles = titles ? intersect(titles, holding(word)) : holding(word);
      }
      if (titles === null || expected(titles.length) > MAX_EXPECTED_PER_WORD_SET) return null;
      return { words: chosen, expected: expected(titles.length) };
    };
    const core = rarest(words);
    if (core === null) return [];
    const coreWords = core.words;
    const candidates: (WordSet | null)[] = [core];
    // Leaving a word out of a set that is already large finds more of the same.
    if (coreWords.length > 1 && core.expected <= EXPECTED_PER_WORD_SET) {
      for (const left of coreWords) candidates.push(rarest(words.filter((word) => word !== left)));
    }
    // Without the rarest word: similar products of another model, and listings whose rarest
    // words are their own ("bnib", a seller's code; hardly seen, so the next one goes too).
    for (let skipped = 1; skipped <= SKIPPED_RAREST_WORDS; skipped++) {
      candidates.push(rarest(words.slice(skipped)));
      if (holding(words[skipped - 1]!).length > 1) break;
    }
    const sets = new Map<string, WordSet>();
    for (const set of candidates) {
      if (set) sets.set([...set.words].sort().join(' '), set);
    }
    return [...sets.values()];
  }

  /** The word sample: taken on first use, then renewed in the background once it is old. */
  #currentWordSample(): Promise<WordSample> {
    if (this.#wordSample === null) {
      this.#wordSampleAt = Date.now();
      const first = this.#takeWordSample();
      this.#wordSample = first;
      first.catch(() => {
        if (this.#wordSample === first) this.#wordSample = null;
      });
      return first;
    }
    if (Date.now() - this.#wordSampleAt >= WORD_SAMPLE_MAX_AGE_MS) {
      this.#wordSampleAt = Date.now();
      // Searches go on with the old sample meanwhile; if this fails, the old one stays.
      this.#takeWordSample().then(
        (sample) => (this.#wordSample = Promise.resolve(sample)),
        () => undefined,
      );
    }
    return this.#wordSample;
  }

  async #takeWordSample(): Promise<WordSample> {
    // Whole pages at random; the share of pages read also tells how many offers there are,
    // without counting them (slow on PGlite) or trusting statistics (PGlite has none).
    const { rows } = await sql<{ pages: number }>`
      select pg_relation_size('offers') / current_setting('block_size')::int as pages`.execute(
      this.#db,
    );
    const percent = Math.min(100, (100 * WORD_SAMPLE_PAGES) / Math.max(Number(rows[0]!.pages), 1));
    const { rows: titles } = await sql<{ title: string }>`
      select title from offers tablesample system (${percent})`.execute(this.#db);
    const offers = (titles.length * 100) / percent;
    const titlesWith = new Map<string, number[]>();
    titles.forEach(({ title }, index) => {
      for (const word of searchWords(title)) {
        const list = titlesWith.get(word);
        if (list) list.push(index);
        else titlesWith.set(word, [index]);
      }
    });
    const idf =
      titles.length >= CATALOG_IDF_MIN_TITLES
        ? idfFromTitles(titles.map(({ title }) => title))
        : null;
    return { offers, titles: titles.length, titlesWith, idf };
  }

  /** True when ipick has the catalog of the shop at `host` (one of its feeds was imported). */
  async isKnownRetailerHost(host: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('retailers as r')
      .select('r.id')
      .where(sql<boolean>`${host} = any(r.hosts)`)
      .where(sql<boolean>`exists (select 1 from feed_imports f where f.retailer_id = r.id)`)
      .executeTakeFirst();
    return row !== undefined;
  }

  async saveResult(id: string, url: string, result: unknown): Promise<void> {
    await this.#db
      .insertInto('compare_requests')
      .values({ id, url, result: JSON.stringify(result) })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({ url, result: JSON.stringify(result) }),
      )
      .execute();
  }

  /** Which of these retailer keys name a retailer that is listed now (`isListedRetailer`). */
  async listedRetailerKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('retailers as r')
      .select('r.key')
      .where('r.key', 'in', keys)
      .where(isListedRetailer('r'))
      .execute();
    return new Set(rows.map((row) => row.key));
  }

  async findResult(id: string): Promise<unknown> {
    const row = await this.#db
      .selectFrom('compare_requests')
      .select('result')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.result;
  }
}
