import { describe, expect, it } from 'vitest';
import { rowCount } from './feed-import-progress';

describe('rowCount', () => {
  it('counts rows in the singular and the plural', () => {
    expect(rowCount(1)).toBe('1 row');
    expect(rowCount(0)).toBe('0 rows');
    expect(rowCount(120)).toBe('120 rows');
  });
});
