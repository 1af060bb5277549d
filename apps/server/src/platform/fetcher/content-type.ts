/** What the caller is fetching: a product page, or a merchant feed (XML, CSV, TSV). */
export type AcceptKind = 'html' | 'feed';

const ACCEPTED_TYPES: Record<AcceptKind, readonly string[]> = {
  html: ['text/html', 'application/xhtml+xml'],
  feed: [
    'application/xml',
    'text/xml',
    'application/rss+xml',
    'application/atom+xml',
    'text/csv',
    'text/tab-separated-values',
    'text/plain',
  ],
};

/** The Accept request header for each kind. */
export const ACCEPT_HEADERS: Record<AcceptKind, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9',
  feed: `${ACCEPTED_TYPES.feed.slice(0, -1).join(',')},text/plain;q=0.5`,
};

export interface ContentType {
  /** The lower-case `type/subtype`, without parameters. */
  mimeType: string;
  /** The `charset` parameter as sent, or null. */
  charset: string | null;
}

/** Parses a Content-Type header value; null when it is missing or not `type/subtype`. */
export function parseContentType(header: string | null | undefined): ContentType | null {
  if (!header) return null;
  const [essence = '', ...parameters] = header.split(';');
  const mimeType = essence.trim().toLowerCase();
  if (!/^[a-z0-9!#$%&'*+.^_`|~-]+\/[a-z0-9!#$%&'*+.^_`|~-]+$/.test(mimeType)) return null;
  let charset: string | null = null;
  for (const parameter of parameters) {
    const separator = parameter.indexOf('=');
    if (separator === -1) continue;
    const name = parameter.slice(0, separator).trim().toLowerCase();
    const value = parameter
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (name === 'charset' && value !== '' && charset === null) charset = value;
  }
  return { mimeType, charset };
}

/** Whether a response of this media type is something the caller asked for. */
export function isAcceptedType(mimeType: string, accept: AcceptKind): boolean {
  return ACCEPTED_TYPES[accept].includes(mimeType);
}
