import { describe, expect, it } from 'vitest';
import { clickId } from './click-id.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('clickId', () => {
  it('is a UUIDv7 whose first 48 bits are the click time', () => {
    const time = Date.parse('2026-11-23T19:12:34.567Z');
    const id = clickId(time);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(time);
  });

  it('sorts by time, and differs between clicks of the same millisecond', () => {
    const times = [0, 1, 255, 256, 1_700_000_000_000, 1_700_000_000_001, 2 ** 48 - 1];
    const ids = times.map(clickId);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => clickId(42))).size).toBe(1000);
  });
});
