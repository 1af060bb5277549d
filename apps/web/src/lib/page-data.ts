/**
 * Data the server sent inside the page (apps/server/src/platform/http/page-data.ts): what the
 * page would fetch first, so that it shows without waiting for an API call. Each entry is
 * handed out once, to the first query that asks; later reads of the same data go to the API.
 */
const ELEMENT_ID = 'ipick-page-data';

let entries: Record<string, unknown> | undefined;

function readEntries(): Record<string, unknown> {
  if (entries) return entries;
  entries = {};
  // Prerendering at build time has no document.
  const text =
    typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') entries = parsed as Record<string, unknown>;
    } catch {
      // Unreadable: the page fetches its data as it would without.
    }
  }
  return entries;
}

/** The entry sent for `key` (then forgotten), or undefined. */
export function takePageData<T>(key: string): T | undefined {
  const all = readEntries();
  const value = all[key];
  delete all[key];
  return value as T | undefined;
}
