import { describe, expect, it } from 'vitest';
import { toBase64, toBase64Url } from './base64';

describe('base64', () => {
  const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 0x00, 0x10]);

  it('encodes bytes as standard base64, padded', () => {
    expect(toBase64(new TextEncoder().encode('12345678901234567890'))).toBe(
      btoa('12345678901234567890'),
    );
    expect(toBase64(bytes)).toBe('+/+/ABA=');
  });

  it('encodes bytes as URL-safe base64 without padding', () => {
    expect(toBase64Url(bytes)).toBe('-_-_ABA');
  });
});
