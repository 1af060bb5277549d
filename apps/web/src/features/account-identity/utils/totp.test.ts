import { describe, expect, it } from 'vitest';
import { matchesTotp, otpauthUri, toBase32, totpCode } from './totp';

// RFC 6238 appendix B's SHA-1 seed.
const seed = new TextEncoder().encode('12345678901234567890');

describe('TOTP in the browser', () => {
  it('gives RFC 6238 codes for its SHA-1 test vectors', async () => {
    expect(await totpCode(seed, Math.floor(59 / 30), 8)).toBe('94287082');
    expect(await totpCode(seed, Math.floor(1111111109 / 30), 8)).toBe('07081804');
    expect(await totpCode(seed, Math.floor(20000000000 / 30), 8)).toBe('65353130');
    expect(await totpCode(seed, Math.floor(59 / 30))).toBe('287082');
  });

  it('accepts the code of now and one step either side, nothing further', async () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(await matchesTotp(seed, await totpCode(seed, step), now)).toBe(true);
    expect(await matchesTotp(seed, await totpCode(seed, step - 1), now)).toBe(true);
    expect(await matchesTotp(seed, await totpCode(seed, step + 1), now)).toBe(true);
    expect(await matchesTotp(seed, await totpCode(seed, step - 3), now)).toBe(false);
    expect(await matchesTotp(seed, '12345', now)).toBe(false);
    expect(await matchesTotp(seed, 'abcdef', now)).toBe(false);
  });

  it('writes the secret in base32 for apps', () => {
    expect(toBase32(seed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(toBase32(new Uint8Array([0xff]))).toBe('74');
    const uri = otpauthUri(seed, 'ann@example.com');
    expect(uri.startsWith('otpauth://totp/ipick:ann%40example.com?')).toBe(true);
    expect(new URL(uri).searchParams.get('secret')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(new URL(uri).searchParams.get('issuer')).toBe('ipick');
  });
});
