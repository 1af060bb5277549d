import { fieldLengths } from './extraction-limits.ts';
import { cleanText } from './text-values.ts';

const separators = [' | ', ' - ', ' – ', ' — ', ' :: ', ' : ', ': ', ' · ', ' • ', ' » '];

/**
 * A document <title> without the shop's name: 'Acme Blender 3000 | Kitchen World' → 'Acme
 * Blender 3000', 'Amazon.com: Acme Blender' → 'Acme Blender'. A leading or trailing segment is
 * dropped when it names the shop (og:site_name, or the host's name); without a match only a
 * trailing ' | …' segment goes, since product names rarely contain a pipe but often a dash.
 */
export function cleanPageTitle(
  rawTitle: string | null,
  siteNames: readonly string[],
): string | null {
  let title = cleanText(rawTitle, fieldLengths.title * 2);
  if (title === null) return null;
  const sites = siteNames.map(squash).filter((site) => site.length >= 3);
  // 'Best Buy' names 'bestbuy.com' and 'Best Buy Canada'; 'Apple Watch' does not name 'apple'.
  const namesSite = (segment: string) => {
    const squashed = squash(segment);
    return sites.some(
      (site) => squashed === site || (squashed.length >= 4 && site.startsWith(squashed)),
    );
  };
  for (let step = 0; step < 3; step += 1) {
    const suffix = lastSeparator(title);
    if (suffix !== null && namesSite(title.slice(suffix.end))) {
      title = title.slice(0, suffix.start).trim();
      continue;
    }
    const prefix = firstSeparator(title);
    if (prefix !== null && namesSite(title.slice(0, prefix.start))) {
      title = title.slice(prefix.end).trim();
      continue;
    }
    break;
  }
  const pipe = title.lastIndexOf(' | ');
  if (pipe > 0 && title.length - pipe - 3 <= 40) {
    title = title.slice(0, pipe).trim();
  }
  return cleanText(title, fieldLengths.title);
}

/** Letters and digits only, lower-cased: 'Best Buy' and 'bestbuy.com' compare equal. */
function squash(text: string): string {
  return text
    .toLowerCase()
    .replace(/\.(?:com|net|org|co|de|fr|ca|uk|es|it|nl|shop|store)\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function lastSeparator(title: string): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  for (const separator of separators) {
    const start = title.lastIndexOf(separator);
    if (start > 0 && (best === null || start > best.start))
      best = { start, end: start + separator.length };
  }
  return best;
}

function firstSeparator(title: string): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  for (const separator of separators) {
    const start = title.indexOf(separator);
    if (start > 0 && (best === null || start < best.start))
      best = { start, end: start + separator.length };
  }
  return best;
}

/** The shop's name as its host spells it: 'www.kitchen-world.co.uk' → 'kitchen-world'. */
export function hostSiteName(pageUrl: string | null): string | null {
  if (pageUrl === null) return null;
  try {
    const labels = new URL(pageUrl).hostname
      .toLowerCase()
      .split('.')
      .filter((label) => label !== 'www');
    if (labels.length < 2) return labels[0] ?? null;
    const secondLevel = labels[labels.length - 2]!;
    const isPublicSuffixPart = ['co', 'com', 'org', 'net', 'ac', 'gov', 'or', 'ne'].includes(
      secondLevel,
    );
    return (isPublicSuffixPart ? labels[labels.length - 3] : secondLevel) ?? null;
  } catch {
    return null;
  }
}
