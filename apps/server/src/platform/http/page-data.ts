/**
 * Data a page would fetch first, sent inside its HTML so that the page shows it without an API
 * round trip (apps/web/src/lib/page-data.ts reads it). It goes in a
 * `<script type="application/json">`, which browsers never run (the CSP's `script-src 'self'`
 * allows no inline script, and needs none for this), and is escaped so that no value can end
 * the element or open another: `<`, `>` and `&` become JSON escapes, as do U+2028 and U+2029.
 */
export const PAGE_DATA_ELEMENT_ID = 'ipick-page-data';

/** JSON text safe inside an HTML `<script>` element; JSON.parse gives back the same value. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The page with its data just before `</body>`, keyed as the web app's queries look it up. */
export function withPageData(html: string, data: Record<string, unknown>): string {
  const element = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScriptElement(data)}</script>`;
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html + element;
  return html.slice(0, end) + element + html.slice(end);
}
