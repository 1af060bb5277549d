/**
 * Seeded randomness for the demo catalog: the same seed gives the same catalog on every
 * machine and every run, so nothing here may read the clock or Math.random.
 */

/** sfc32 (Chris Doty-Humphrey's small fast counter), seeded through splitmix32. */
export class DemoRandom {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    let state = seed | 0;
    const splitmix = () => {
      state = (state + 0x9e3779b9) | 0;
      let t = state ^ (state >>> 16);
      t = Math.imul(t, 0x21f0aaad);
      t ^= t >>> 15;
      t = Math.imul(t, 0x735a2d97);
      return (t ^ (t >>> 15)) >>> 0;
    };
    this.#a = splitmix();
    this.#b = splitmix();
    this.#c = splitmix();
    this.#d = splitmix();
    // The first outputs of a freshly seeded sfc32 are still close to the seed words.
    for (let i = 0; i < 12; i++) this.#nextUint32();
  }

  #nextUint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.#nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One item, each as likely as its weight; items of weight 0 are never picked. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weightOf(item);
    if (total <= 0) throw new RangeError('weighted pick with no positive weight');
    let roll = this.next() * total;
    for (const item of items) {
      roll -= weightOf(item);
      if (roll < 0 && weightOf(item) > 0) return item;
    }
    return items.findLast((item) => weightOf(item) > 0)!;
  }

  /** `count` different items, kept in the order of `items`. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
  }
}

/** FNV-1a, for stable per-name numbers (a brand's GTIN prefix, a template's scramble). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const multipliers = new Map<number, bigint>();

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** A step near space/φ coprime with space: consecutive indexes land far apart (a Weyl walk). */
function multiplierFor(space: number): bigint {
  const known = multipliers.get(space);
  if (known !== undefined) return known;
  const size = BigInt(space);
  let candidate = BigInt(Math.max(1, Math.round(space * 0.6180339887498949)));
  while (gcd(candidate, size) !== 1n) candidate += 1n;
  multipliers.set(space, candidate);
  return candidate;
}

/**
 * A bijection of [0, space) onto itself that looks random: `index` values that differ give
 * values that differ. Used wherever ids must be unique by construction (retailer ids, GTINs,
 * model numbers), so the generator needs no memory of what it already handed out.
 */
export function scatter(index: number, space: number, salt: number): number {
  if (!Number.isSafeInteger(index) || index < 0 || index >= space) {
    throw new RangeError(`scatter index ${index} outside [0, ${space})`);
  }
  const size = BigInt(space);
  return Number((BigInt(index) * multiplierFor(space) + BigInt(salt)) % size);
}
