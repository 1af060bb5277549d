import { describe, expect, it } from 'vitest';
import { createRequestId, isRequestId } from './request-id.ts';

describe('createRequestId', () => {
  it('makes distinct version-4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 1000 }, createRequestId));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('recognises request ids and refuses other text', () => {
    expect(isRequestId(createRequestId())).toBe(true);
    expect(isRequestId('not-a-uuid')).toBe(false);
  });
});
