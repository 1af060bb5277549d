import type { BrowseQuery } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';

export type BrowseSort = NonNullable<BrowseQuery['sort']>;

export const SORT_OPTIONS: ReadonlyArray<{ value: BrowseSort; label: string }> = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'offers', label: 'Most retailers' },
];

/**
 * What the shopper asked for, as kept in the address (`?q=&min=&max=&sort=&page=`) so that
 * back, forward and reload keep it. Prices are dollars as typed ("25", "19.99").
 */
export interface BrowseFilters {
  q: string;
  min: string;
  max: string;
  sort: BrowseSort;
  page: number;
}

export const DEFAULT_FILTERS: BrowseFilters = {
  q: '',
  min: '',
  max: '',
  sort: 'relevance',
  page: 1,
};

/** The contract's limits, so the address never asks for what the server refuses. */
const MAX_SEARCH_LENGTH = 200;
const MAX_PAGE = 1000;
const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/;

export const INVALID_PRICE_MESSAGE = 'Enter a price in dollars, like 25 or 19.99.';
export const PRICE_RANGE_MESSAGE = 'The lowest price must not be above the highest price.';

/** "$1,299.50" -> 129950 cents; undefined when empty or not a price. */
export function dollarsToMinor(text: string): number | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!DOLLARS.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

export interface PriceRangeErrors {
  min?: string;
  max?: string;
  /** Both prices are fine on their own but the range is upside down. */
  range?: string;
}

/** Checks the typed price range; an empty result means it may be applied. */
export function checkPriceRange(min: string, max: string): PriceRangeErrors {
  const errors: PriceRangeErrors = {};
  const minMinor = dollarsToMinor(min);
  const maxMinor = dollarsToMinor(max);
  if (min.trim() !== '' && minMinor === undefined) errors.min = INVALID_PRICE_MESSAGE;
  if (max.trim() !== '' && maxMinor === undefined) errors.max = INVALID_PRICE_MESSAGE;
  if (minMinor !== undefined && maxMinor !== undefined && minMinor > maxMinor) {
    errors.range = PRICE_RANGE_MESSAGE;
  }
  return errors;
}

function isSort(value: string | null): value is BrowseSort {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** "19.990" -> "19.99", "$25" -> "25": the address keeps one spelling of each price. */
function normaliseDollars(text: string | null): string {
  const minor = dollarsToMinor(text ?? '');
  if (minor === undefined) return '';
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

/**
 * Reads the filters from the address. Anything malformed (a hand-edited link, an old bookmark)
 * falls back to its default instead of failing, and an upside-down price range is turned round.
 */
export function readBrowseFilters(params: URLSearchParams): BrowseFilters {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  let min = normaliseDollars(params.get('min'));
  let max = normaliseDollars(params.get('max'));
  if (min !== '' && max !== '' && dollarsToMinor(min)! > dollarsToMinor(max)!) {
    [min, max] = [max, min];
  }
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'relevance';
  const pageNumber = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, MAX_PAGE) : 1;
  return { q, min, max, sort, page };
}

/** The address query for `filters`; defaults are left out so plain pages keep plain links. */
export function writeBrowseFilters(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim() !== '') params.set('q', filters.q.trim());
  if (filters.min !== '') params.set('min', filters.min);
  if (filters.max !== '') params.set('max', filters.max);
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** True when the shopper narrowed, sorted or paged the list. */
export function hasActiveFilters(filters: BrowseFilters): boolean {
  return (
    filters.q !== '' ||
    filters.min !== '' ||
    filters.max !== '' ||
    filters.sort !== 'relevance' ||
    filters.page > 1
  );
}

/** True when the shopper narrowed the list (search words or a price range). */
export function hasNarrowingFilters(filters: BrowseFilters): boolean {
  return filters.q !== '' || filters.min !== '' || filters.max !== '';
}

/** The API query for `filters`, prices in cents. */
export function toBrowseQuery(filters: BrowseFilters, category?: string): BrowseQuery {
  return {
    category,
    q: filters.q || undefined,
    minPriceMinor: dollarsToMinor(filters.min),
    maxPriceMinor: dollarsToMinor(filters.max),
    sort: filters.sort,
    page: filters.page,
  };
}

/** "“kettle” priced $10.00 to $50.00": the narrowing filters in words, for the empty state. */
export function describeFilters(filters: BrowseFilters): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`“${filters.q}”`);
  const min = dollarsToMinor(filters.min);
  const max = dollarsToMinor(filters.max);
  if (min !== undefined && max !== undefined) {
    parts.push(`priced ${formatMoney(min, 'USD')} to ${formatMoney(max, 'USD')}`);
  } else if (min !== undefined) {
    parts.push(`priced from ${formatMoney(min, 'USD')}`);
  } else if (max !== undefined) {
    parts.push(`priced up to ${formatMoney(max, 'USD')}`);
  }
  return parts.join(' ');
}
