import { createRequestId } from '@ipick/core';
import { readSessionItem, writeSessionItem } from './browser-storage';

export const SESSION_ID_STORAGE_KEY = 'ipick:session-id';

// Where session storage is refused, the id still has to stay the same for the page's lifetime.
let memoryFallback: string | null = null;

/** The visit's session id (spec §9), created on first read and kept for the tab's session. */
export function getSessionId(): string {
  const existing = readSessionItem(SESSION_ID_STORAGE_KEY);
  if (existing) return existing;
  const id = memoryFallback ?? createRequestId();
  if (!writeSessionItem(SESSION_ID_STORAGE_KEY, id)) memoryFallback = id;
  return id;
}
