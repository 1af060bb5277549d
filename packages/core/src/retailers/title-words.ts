/**
 * Product title words from a link's slug (`/Apple-AirPods-Pro-2nd-Generation/dp/...`). Shops put
 * the title in the link for search engines, so the words are there before the page is fetched and
 * let the matcher start on a product whose page cannot be read.
 */
import { safeDecode } from './safe-decode.ts';

/** Path words that name the kind of page rather than the product. */
const routeWords = new Set([
  'dp',
  'gp',
  'ip',
  'p',
  'itm',
  'site',
  'product',
  'products',
  'produit',
  'html',
  'htm',
]);

/** Endings that are not part of the title: Costco's `.product.<id>.html`, file types, `.<item>`. */
const slugSuffixPattern = /(?:\.product\.\d+\.html?|\.(?:html?|aspx?|php|jsp|cfm|p)|\.\d{7})$/i;

const separatorPattern = /[^\p{L}\p{M}\p{N}.]+/u;
const letterPattern = /\p{L}/u;

/**
 * The words of one slug, lowercased and percent-decoded, split on `-`, `_`, `+`, spaces and other
 * punctuation. Route words (`dp`, `ip`, `p`, `site`, `product`), file endings and the product id
 * itself (when numeric) are left out; other numbers stay, as they are often part of the title
 * ('65' inch).
 */
export function titleWordsFromSlug(slug: string, productId: string | null = null): string[] {
  // Only a numeric id is dropped: a generic shop's id may be a title word itself ('kettle').
  const id = productId !== null && /^\d+$/.test(productId) ? productId : null;
  return safeDecode(slug)
    .replace(slugSuffixPattern, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(separatorPattern)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter((word) => word !== '' && !routeWords.has(word) && word !== id);
}

/** How many real words a path segment holds; used to pick the slug among a link's segments. */
export function countTitleWords(segment: string): number {
  if (/^[a-z]{2}(?:[-_][a-z]{2})?$/i.test(segment)) return 0; // a locale such as en-us
  return titleWordsFromSlug(segment).filter((word) => letterPattern.test(word)).length;
}
