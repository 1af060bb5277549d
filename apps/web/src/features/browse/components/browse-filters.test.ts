import { describe, expect, it } from 'vitest';
import {
  checkPriceRange,
  DEFAULT_FILTERS,
  describeFilters,
  dollarsToMinor,
  PRICE_RANGE_MESSAGE,
  readBrowseFilters,
  toBrowseQuery,
  writeBrowseFilters,
} from './browse-filters';

describe('dollarsToMinor', () => {
  it.each([
    ['25', 2500],
    ['19.99', 1999],
    ['0.5', 50],
    ['$1,299.50', 129_950],
    [' 7 ', 700],
  ])('%j is %i cents', (text, cents) => expect(dollarsToMinor(text)).toBe(cents));

  it.each(['', 'ten', '-5', '1.999', '1e3', '12.'])('%j is not a price', (text) =>
    expect(dollarsToMinor(text)).toBeUndefined(),
  );
});

describe('checkPriceRange', () => {
  it('accepts empty, one-sided and ordered ranges', () => {
    expect(checkPriceRange('', '')).toEqual({});
    expect(checkPriceRange('10', '')).toEqual({});
    expect(checkPriceRange('10', '10')).toEqual({});
  });

  it('names an upside-down range and each malformed price', () => {
    expect(checkPriceRange('50', '10')).toEqual({ range: PRICE_RANGE_MESSAGE });
    expect(checkPriceRange('abc', '10')).toEqual({ min: expect.any(String) as string });
    expect(checkPriceRange('1', 'x')).toEqual({ max: expect.any(String) as string });
  });
});

describe('the address', () => {
  it('round-trips the filters, leaving defaults out', () => {
    const filters = { q: 'desk lamp', min: '5', max: '19.99', sort: 'offers', page: 3 } as const;
    const params = writeBrowseFilters(filters);
    expect(params.toString()).toBe('q=desk+lamp&min=5&max=19.99&sort=offers&page=3');
    expect(readBrowseFilters(params)).toEqual(filters);
    expect(writeBrowseFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('falls back to defaults for anything malformed and turns an upside-down range round', () => {
    const params = new URLSearchParams('q=%20lamp%20&min=80&max=5.5&sort=cheapest&page=-2');
    expect(readBrowseFilters(params)).toEqual({
      q: 'lamp',
      min: '5.50',
      max: '80',
      sort: 'relevance',
      page: 1,
    });
    expect(readBrowseFilters(new URLSearchParams('min=abc&page=2.5'))).toEqual(DEFAULT_FILTERS);
  });

  it('turns dollars into the API query in cents', () => {
    const filters = { q: 'lamp', min: '5.50', max: '80', sort: 'price-asc', page: 2 } as const;
    expect(toBrowseQuery(filters, 'home')).toEqual({
      category: 'home',
      q: 'lamp',
      minPriceMinor: 550,
      maxPriceMinor: 8000,
      sort: 'price-asc',
      page: 2,
    });
  });

  it('describes the narrowing filters for the empty state', () => {
    expect(describeFilters({ ...DEFAULT_FILTERS, q: 'lamp', min: '5', max: '80' })).toBe(
      '“lamp” priced $5.00 to $80.00',
    );
    expect(describeFilters({ ...DEFAULT_FILTERS, min: '5' })).toBe('priced from $5.00');
  });
});
