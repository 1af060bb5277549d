import { describe, expect, it } from 'vitest';
import { productRequestKey, readProductRequest, saveProductRequest } from './product-request-store';

const requestId = '0b6c1a52-6a8e-4f4e-9a43-2f8e7d1c0a11';

describe('product request store', () => {
  it('uses one session-storage key per request', () => {
    expect(productRequestKey(requestId)).toBe(`ipick:product-request:${requestId}`);
  });

  it('stores { url, timestamp } as JSON and reads it back', () => {
    const url = new URL('https://www.example.com/p/lamp-123?color=red');
    expect(saveProductRequest(requestId, url, 1_700_000_000_000)).toBe(true);
    expect(JSON.parse(window.sessionStorage.getItem(productRequestKey(requestId)) ?? '')).toEqual({
      url: 'https://www.example.com/p/lamp-123?color=red',
      timestamp: 1_700_000_000_000,
    });
    expect(readProductRequest(requestId)).toEqual({
      url: 'https://www.example.com/p/lamp-123?color=red',
      timestamp: 1_700_000_000_000,
    });
  });

  it('stamps the current time by default', () => {
    const before = Date.now();
    saveProductRequest(requestId, 'https://shop.example.com/item/9');
    const record = readProductRequest(requestId);
    expect(record?.timestamp).toBeGreaterThanOrEqual(before);
    expect(record?.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('returns null for a missing record', () => {
    expect(readProductRequest('no-such-request')).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['a string', '"https://example.com"'],
    ['no url', '{"timestamp":1}'],
    ['an empty url', '{"url":"","timestamp":1}'],
    ['a text timestamp', '{"url":"https://example.com/a","timestamp":"yesterday"}'],
  ])('returns null for a corrupt record (%s)', (_label, raw) => {
    window.sessionStorage.setItem(productRequestKey(requestId), raw);
    expect(readProductRequest(requestId)).toBeNull();
  });
});
