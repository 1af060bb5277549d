const alphanumeric = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of lower-case letters and digits (`getRandomValues` works in every context). */
export function randomAlphanumeric(length = 9): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 256 is not a multiple of 36, so the first few characters are very slightly likelier; an id
  // that only has to be unique does not mind.
  return Array.from(bytes, (byte) => alphanumeric[byte % alphanumeric.length]).join('');
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
