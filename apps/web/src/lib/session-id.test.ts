import { describe, expect, it } from 'vitest';
import { getSessionId, SESSION_ID_STORAGE_KEY } from './session-id';

describe('session id', () => {
  it('is created on first read, stored, and kept for later reads', () => {
    expect(window.sessionStorage.getItem(SESSION_ID_STORAGE_KEY)).toBeNull();
    const id = getSessionId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(window.sessionStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe(id);
    expect(getSessionId()).toBe(id);
  });
});
