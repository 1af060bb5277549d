import { describe, expect, it } from 'vitest';
import { createReferralId, randomAlphanumeric } from './referral-id.ts';
import { redirectPath } from './redirect-path.ts';

describe('createReferralId', () => {
  it('is aff_, the alphanumeric domain, the time and a random string (spec §9)', () => {
    expect(createReferralId('shop.example-store.com', 1767225600000, 'abc123')).toBe(
      'aff_shopexamplestorecom_1767225600000_abc123',
    );
  });

  it('makes a fresh random part each time', () => {
    const id = createReferralId('www.amazon.com');
    expect(id).toMatch(/^aff_wwwamazoncom_\d{13}_[a-z0-9]{9}$/);
    expect(createReferralId('www.amazon.com')).not.toBe(id);
    expect(randomAlphanumeric(20)).toMatch(/^[a-z0-9]{20}$/);
  });
});

describe('redirectPath', () => {
  it('encodes the whole target into `to` (spec §7)', () => {
    const target = 'https://www.amazon.com/dp/B08P2HBBLX?tag=a&x=1#r';
    const path = redirectPath(target);
    expect(path).toBe(`/api/redirect?to=${encodeURIComponent(target)}`);
    expect(new URL(path, 'http://localhost').searchParams.get('to')).toBe(target);
  });
});
