import { readSessionItem, writeSessionItem } from './browser-storage';

/** What the SPA remembers about one pasted or opened product link (spec §3). */
export interface ProductRequestRecord {
  url: string;
  timestamp: number;
}

/** Session-storage key of one product request (spec §9: a per-request product record). */
export function productRequestKey(requestId: string): string {
  return `ipick:product-request:${requestId}`;
}

/** Stores `{ url, timestamp }` for the request; false if the browser refused to store it. */
export function saveProductRequest(
  requestId: string,
  url: URL | string,
  timestamp: number = Date.now(),
): boolean {
  const record: ProductRequestRecord = { url: typeof url === 'string' ? url : url.href, timestamp };
  return writeSessionItem(productRequestKey(requestId), JSON.stringify(record));
}

/** The stored record, or null when it is missing or not a record we wrote (corrupt, edited). */
export function readProductRequest(requestId: string): ProductRequestRecord | null {
  const raw = readSessionItem(productRequestKey(requestId));
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  return isProductRequestRecord(parsed) ? { url: parsed.url, timestamp: parsed.timestamp } : null;
}

function isProductRequestRecord(value: unknown): value is ProductRequestRecord {
  if (typeof value !== 'object' || value === null) return false;
  const { url, timestamp } = value as Record<string, unknown>;
  return (
    typeof url === 'string' &&
    url.length > 0 &&
    typeof timestamp === 'number' &&
    Number.isFinite(timestamp)
  );
}
