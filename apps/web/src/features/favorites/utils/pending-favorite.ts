import { getSessionStorage, readSessionItem, writeSessionItem } from '@/lib/browser-storage';

/**
 * A favourite a signed-out shopper asked for: kept in this tab's session storage so that, once
 * they have signed in (in the modal, or on /login and back), the results page saves it for them.
 */
export interface PendingFavorite {
  requestId: string;
  /** Absent for the comparison's pasted product. */
  offerId?: string;
  /** When it was asked for (ms); an old one is dropped rather than saved by surprise. */
  askedAt: number;
}

const KEY = 'ipick:pending-favorite';
/** Sign-in takes a minute or two; after half an hour the wish is stale. */
const MAX_AGE_MS = 30 * 60 * 1000;

export function savePendingFavorite(pending: Omit<PendingFavorite, 'askedAt'>, now = Date.now()) {
  writeSessionItem(KEY, JSON.stringify({ ...pending, askedAt: now }));
}

/**
 * Takes the pending favourite of this comparison target out of storage (it is saved at most
 * once), or returns null when there is none, it is another target's, or it is stale.
 */
export function takePendingFavorite(
  target: { requestId: string; offerId?: string },
  now = Date.now(),
): PendingFavorite | null {
  const raw = readSessionItem(KEY);
  if (raw === null) return null;
  let pending: PendingFavorite;
  try {
    pending = JSON.parse(raw) as PendingFavorite;
  } catch {
    getSessionStorage()?.removeItem(KEY);
    return null;
  }
  if (now - pending.askedAt > MAX_AGE_MS) {
    getSessionStorage()?.removeItem(KEY);
    return null;
  }
  if (pending.requestId !== target.requestId || pending.offerId !== target.offerId) return null;
  getSessionStorage()?.removeItem(KEY);
  return pending;
}
