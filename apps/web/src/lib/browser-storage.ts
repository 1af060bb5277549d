/**
 * Session storage, or null where the browser refuses it (storage disabled, some private modes,
 * sandboxed frames): reading `window.sessionStorage` itself can throw there.
 */
export function getSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads a key; null when absent or when storage is unavailable. */
export function readSessionItem(key: string, storage = getSessionStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a key; false when storage is unavailable or full. */
export function writeSessionItem(
  key: string,
  value: string,
  storage = getSessionStorage(),
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
