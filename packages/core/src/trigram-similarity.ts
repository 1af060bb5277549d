/**
 * Trigram similarity as PostgreSQL's pg_trgm computes it (`similarity(a, b)`), so a ranking
 * done here agrees with one done in the database: the text is lower-cased and split into words
 * of letters and digits; each word, padded with two spaces in front and one behind, gives its
 * three-character runs; similarity is the share of the two sets' trigrams they have in common
 * (|A ∩ B| / |A ∪ B|).
 */

/** pg_trgm's default `similarity_threshold`: what the `%` operator calls similar. */
export const TRIGRAM_SIMILARITY_THRESHOLD = 0.3;

const WORD = /[\p{L}\p{N}]+/gu;
/** Printable ASCII: words hold letters and digits only, so nothing else of ASCII occurs. */
const ASCII = /^[ -~]*$/;

/**
 * The distinct trigrams of `text`, the form `trigramSimilarity` compares. A trigram of three
 * ASCII characters is kept as one number (7 bits a character), several times quicker to make
 * and look up than a string; any other trigram is kept as its string.
 */
export function trigramsOf(text: string): Set<number | string> {
  const trigrams = new Set<number | string>();
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const padded = `  ${word} `;
    if (ASCII.test(padded)) {
      for (let i = 0; i + 3 <= padded.length; i++) {
        trigrams.add(numberOf(padded.slice(i, i + 3)));
      }
      continue;
    }
    const chars = [...padded];
    for (let i = 0; i + 3 <= chars.length; i++) {
      const trigram = chars[i]! + chars[i + 1]! + chars[i + 2]!;
      trigrams.add(ASCII.test(trigram) ? numberOf(trigram) : trigram);
    }
  }
  return trigrams;
}

function numberOf(trigram: string): number {
  return (trigram.charCodeAt(0) << 14) | (trigram.charCodeAt(1) << 7) | trigram.charCodeAt(2);
}

/** 0 (nothing in common, or either side has no words) to 1 (the same trigrams). */
export function trigramSimilarity(
  a: ReadonlySet<number | string>,
  b: ReadonlySet<number | string>,
): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [smaller, larger] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const trigram of smaller) if (larger.has(trigram)) common++;
  return common / (a.size + b.size - common);
}
