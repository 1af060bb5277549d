const alphanumeric = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random bytes are drawn a pool at a time: one `getRandomValues` call costs about as much for
 * 4 KB as for 9 bytes, and the server makes a referral id for every click.
 */
const pool = new Uint8Array(4096);
let poolOffset = pool.length;

/** A random string of lower-case letters and digits (`getRandomValues` works in every context). */
export function randomAlphanumeric(length = 9): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    if (poolOffset === pool.length) {
      globalThis.crypto.getRandomValues(pool);
      poolOffset = 0;
    }
    // 256 is not a multiple of 36, so the first few characters are very slightly likelier; an
    // id that only has to be unique does not mind.
    text += alphanumeric[pool[poolOffset++]! % alphanumeric.length];
  }
  return text;
}

/**
 * A referral id (spec §9): `aff_`, the domain with only letters and digits kept, the timestamp
 * in milliseconds and a random string, joined by `_`, e.g. `aff_shopexamplecom_1767225600000_k3x9q2m7a`.
 */
export function createReferralId(
  domain: string,
  now: number = Date.now(),
  random: string = randomAlphanumeric(),
): string {
  return `aff_${domain.replace(/[^a-zA-Z0-9]/g, '')}_${now}_${random}`;
}
