import { hash } from 'node:crypto';
import type { ClickBotReason } from '@ipick/contracts';

export interface ClickThrottleOptions {
  /** Clicks one address may make per `windowMs` before the rest count as a bot's. */
  maxPerAddress?: number;
  windowMs?: number;
  /** A second click on the same target by the same visitor within this time is a repeat. */
  repeatWithinMs?: number;
}

/**
 * Defaults: a person follows far fewer than 120 outbound links a minute, even behind a shared
 * office address; one scripted client was seen writing thousands a second.
 */
const DEFAULT_MAX_PER_ADDRESS = 120;
const DEFAULT_WINDOW_MS = 60_000;
const DEFAULT_REPEAT_WITHIN_MS = 5_000;

/** Entries kept per map before expired ones are swept (and, if that is not enough, all). */
const MAX_ENTRIES = 20_000;

interface AddressWindow {
  count: number;
  endsAt: number;
}

/**
 * Tells clicks that must not count in merchants' figures although a browser made them: an
 * address above its rate, or the same visitor following the same link again within seconds
 * (a double click, a reload, a script). Such clicks still redirect and are recorded, flagged
 * with the reason. The counts live in this process's memory on purpose: the redirect is
 * ipick's hottest route and must not wait for a shared store (bench/redirect.ts); with several
 * processes each enforces its own share, which is enough to keep figures clean.
 */
export class ClickThrottle {
  readonly #maxPerAddress: number;
  readonly #windowMs: number;
  readonly #repeatWithinMs: number;
  readonly #addresses = new Map<string, AddressWindow>();
  /** Last click time by a hash of visitor and target: targets can be long, hashes are short. */
  readonly #lastClicks = new Map<string, number>();

  constructor(options: ClickThrottleOptions = {}) {
    this.#maxPerAddress = options.maxPerAddress ?? DEFAULT_MAX_PER_ADDRESS;
    this.#windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.#repeatWithinMs = options.repeatWithinMs ?? DEFAULT_REPEAT_WITHIN_MS;
  }

  /**
   * Counts one click of a person's browser and says why it is a bot's after all, or null.
   * `target` is the link as asked for (`to`, or the offer id), not the final address, which
   * can carry a fresh referral id on every click.
   */
  judge(
    visitor: { ip: string | null; userAgent: string | null },
    target: string,
    now: number,
  ): ClickBotReason | null {
    const isOverRate = visitor.ip !== null && this.#countAddress(visitor.ip, now);
    const isRepeat = this.#isRepeat(
      `${visitor.ip ?? ''}\n${visitor.userAgent ?? ''}\n${target}`,
      now,
    );
    if (isOverRate) return 'rate';
    return isRepeat ? 'repeat' : null;
  }

  /** Counts the address's click in its window; true when it is above the limit. */
  #countAddress(ip: string, now: number): boolean {
    let window = this.#addresses.get(ip);
    if (window === undefined || window.endsAt <= now) {
      if (window === undefined) this.#makeRoom(this.#addresses, (entry) => entry.endsAt <= now);
      window = { count: 0, endsAt: now + this.#windowMs };
      this.#addresses.set(ip, window);
    }
    window.count += 1;
    return window.count > this.#maxPerAddress;
  }

  #isRepeat(visitorAndTarget: string, now: number): boolean {
    const key = hash('sha1', visitorAndTarget, 'base64');
    const last = this.#lastClicks.get(key);
    if (last === undefined) {
      this.#makeRoom(this.#lastClicks, (time) => time + this.#repeatWithinMs <= now);
    }
    this.#lastClicks.set(key, now);
    return last !== undefined && now - last < this.#repeatWithinMs;
  }

  /** Keeps memory bounded under a flood of new addresses or targets. */
  #makeRoom<T>(map: Map<string, T>, isExpired: (value: T) => boolean): void {
    if (map.size < MAX_ENTRIES) return;
    for (const [key, value] of map) if (isExpired(value)) map.delete(key);
    // Sweeping again for every new key would cost each click a walk of the map.
    if (map.size >= MAX_ENTRIES * 0.75) map.clear();
  }
}
