import { readSessionItem, writeSessionItem } from './browser-storage';

/** The visit's UTM values (spec §3 "Stored UTM set"). */
export interface StoredUtm {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

export const UTM_STORAGE_KEY = 'ipick:utm';

const utmFields = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/** The UTM values present in a query string, or null when it has none. */
export function parseUtm(search: string): StoredUtm | null {
  const params = new URLSearchParams(search);
  const utm: StoredUtm = {};
  for (const field of utmFields) {
    const value = params.get(`utm_${field}`)?.trim();
    if (value) utm[field] = value;
  }
  return Object.keys(utm).length > 0 ? utm : null;
}

/**
 * Captures UTM values from the landing address once per session (spec §4). A set already stored
 * this session is kept: later in-app addresses must not replace the campaign that brought the
 * visitor in. Returns the set in force afterwards.
 */
export function captureUtm(search: string = window.location.search): StoredUtm | null {
  const stored = readStoredUtm();
  if (stored) return stored;
  const utm = parseUtm(search);
  if (utm) writeSessionItem(UTM_STORAGE_KEY, JSON.stringify(utm));
  return utm;
}

/** The UTM set stored for this session, or null (none captured, or unreadable). */
export function readStoredUtm(): StoredUtm | null {
  const raw = readSessionItem(UTM_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const utm: StoredUtm = {};
    for (const field of utmFields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) utm[field] = value;
    }
    return Object.keys(utm).length > 0 ? utm : null;
  } catch {
    return null;
  }
}
