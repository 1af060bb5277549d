/**
 * Product keys for shops ipick has no rules for. The last meaningful path segment is what shop
 * platforms put the product's handle or id in (`/products/blue-kettle`, `/shop/item/12345`), and
 * it survives the category segments in front of it changing.
 */
import { safeDecode } from './safe-decode.ts';
import { countTitleWords } from './title-words.ts';

/** Query parameters that old-style shop scripts (`product.php?id=42`) name the product with. */
const idParameters = [
  'product_id',
  'productid',
  'products_id',
  'prod_id',
  'item_id',
  'itemid',
  'pid',
  'id',
  'item',
  'sku',
];

/** Last segments that are a page of the shop rather than a product. */
const pageSegments = new Set([
  'index',
  'default',
  'home',
  'search',
  'cart',
  'basket',
  'checkout',
  'login',
  'signin',
  'account',
]);

const scriptPattern = /\.(?:php\d?|aspx?|jsp|cgi|do|cfm|dll|pl)$/i;

/**
 * A stable key for the product a generic shop's link points at: the last path segment, decoded,
 * lowercased and without `.html`; or, behind a script (`/product.php`) or on a path with no
 * segment, the value of an id parameter. Null for a home, search or cart page.
 */
export function genericProductKey(url: URL): string | null {
  const segments = pathSegments(url).map(safeDecode);
  const last = segments[segments.length - 1];
  const fromQuery = idParameterValue(url);
  if (last === undefined) return fromQuery;
  const stem = last
    .trim()
    .replace(scriptPattern, '')
    .replace(/\.html?$/i, '');
  if (scriptPattern.test(last) && fromQuery !== null) return fromQuery;
  if (stem === '' || pageSegments.has(stem.toLowerCase())) return fromQuery;
  return stem.normalize('NFC').toLowerCase();
}

/** The path segment most likely to be the title slug: the one with the most words, the last on a tie. */
export function genericTitleSlug(url: URL): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const segment of pathSegments(url)) {
    // Script names (`/item.php`, `/index.php`) are not titles.
    if (scriptPattern.test(segment)) continue;
    const count = countTitleWords(segment);
    if (count > 0 && count >= bestCount) {
      best = segment;
      bestCount = count;
    }
  }
  return best;
}

/** Non-empty path segments, still percent-encoded, without path parameters (`;jsessionid=`). */
function pathSegments(url: URL): string[] {
  return url.pathname
    .replace(/;[^/]*/g, '')
    .split('/')
    .filter((segment) => segment.trim() !== '');
}

function idParameterValue(url: URL): string | null {
  const values = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    const key = name.toLowerCase();
    if (!values.has(key) && value.trim() !== '') values.set(key, value.trim());
  }
  for (const name of idParameters) {
    const value = values.get(name);
    if (value !== undefined) return value.normalize('NFC').toLowerCase();
  }
  return null;
}
