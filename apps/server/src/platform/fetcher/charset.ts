/** How far into a body to look for a `<meta charset>` or an XML declaration. */
const PRESCAN_BYTES = 4096;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * What windows-1252 puts at 0x80-0x9F (WHATWG Encoding index). Node 20's TextDecoder decodes
 * windows-1252 (and iso-8859-1, which WHATWG aliases to it) as plain Latin-1 there, turning '€',
 * '™' and curly quotes into control characters, so those are mapped here after decoding.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
].map((code) => String.fromCharCode(code));

/** The WHATWG name of an encoding label TextDecoder supports, or null. */
function supportedEncoding(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function encodingFromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * The charset a page declares in its first bytes: `<meta charset>`, `<meta http-equiv
 * content="...; charset=...">` for HTML, or `<?xml ... encoding="...">` for XML.
 */
function encodingFromMarkup(bytes: Uint8Array, mimeType: string): string | null {
  // Every charset a page can declare this way is ASCII-compatible, so latin1 reads the
  // declaration correctly whatever the real encoding is.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, PRESCAN_BYTES));
  if (HTML_TYPES.has(mimeType)) {
    const withoutComments = head.replace(/<!--[\s\S]*?(-->|$)/g, '');
    const match = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:()+-]+)/i.exec(withoutComments);
    const encoding = supportedEncoding(match?.[1]);
    // A page cannot really be UTF-16 if its markup was readable as ASCII (WHATWG HTML §13.2.3.2).
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return 'utf-8';
    if (encoding === 'x-user-defined') return 'windows-1252';
    return encoding;
  }
  const declaration = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([\w.:()+-]+)["']/i.exec(head);
  return supportedEncoding(declaration?.[1]);
}

/**
 * Picks the encoding of a response body: a byte-order mark first, then the Content-Type
 * charset, then what the markup declares, then UTF-8. Unknown labels are skipped.
 */
export function detectEncoding(
  bytes: Uint8Array,
  headerCharset: string | null,
  mimeType: string,
): string {
  return (
    encodingFromBom(bytes) ??
    supportedEncoding(headerCharset) ??
    encodingFromMarkup(bytes, mimeType) ??
    'utf-8'
  );
}

/** Decodes a response body to text, replacing undecodable bytes rather than failing. */
export function decodeBody(
  bytes: Uint8Array,
  headerCharset: string | null,
  mimeType: string,
): { text: string; encoding: string } {
  const encoding = detectEncoding(bytes, headerCharset, mimeType);
  let text = new TextDecoder(encoding).decode(bytes);
  if (encoding === 'windows-1252') {
    text = text.replace(
      /[\u0080-\u009f]/g,
      (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char,
    );
  }
  return { text, encoding };
}
