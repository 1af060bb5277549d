import { Search, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  checkPriceRange,
  DEFAULT_FILTERS,
  hasActiveFilters,
  SORT_OPTIONS,
  type BrowseFilters,
  type BrowseSort,
  type PriceRangeErrors,
} from './browse-filters';

interface BrowseFiltersFormProps {
  /** The filters in the address. The form starts from them; re-key it when they change. */
  filters: BrowseFilters;
  onApply: (filters: BrowseFilters) => void;
  searchLabel: string;
}

/**
 * Search words, price range in dollars and sort order. Words and prices apply on submit (Enter
 * or the Search button); the sort applies at once. Every change starts again at page 1.
 */
export function BrowseFiltersForm({ filters, onApply, searchLabel }: BrowseFiltersFormProps) {
  const [q, setQ] = useState(filters.q);
  const [min, setMin] = useState(filters.min);
  const [max, setMax] = useState(filters.max);
  const [errors, setErrors] = useState<PriceRangeErrors>({});
  const id = useId();
  const ids = {
    q: `${id}-q`,
    min: `${id}-min`,
    max: `${id}-max`,
    sort: `${id}-sort`,
    minError: `${id}-min-error`,
    maxError: `${id}-max-error`,
    rangeError: `${id}-range-error`,
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPriceRange(min, max);
    setErrors(found);
    if (found.min || found.max || found.range) return;
    onApply({ ...filters, q: q.trim(), min: min.trim(), max: max.trim(), page: 1 });
  }

  function handleSortChange(sort: BrowseSort) {
    // The sort applies to what is in the address, not to words typed but not yet searched.
    onApply({ ...filters, sort, page: 1 });
  }

  function describedBy(field: 'min' | 'max'): string | undefined {
    const list = [
      errors[field] ? ids[field === 'min' ? 'minError' : 'maxError'] : null,
      errors.range ? ids.rangeError : null,
    ].filter(Boolean);
    return list.length > 0 ? list.join(' ') : undefined;
  }

  const messages = [
    errors.min ? { id: ids.minError, text: `Lowest price: ${errors.min}` } : null,
    errors.max ? { id: ids.maxError, text: `Highest price: ${errors.max}` } : null,
    errors.range ? { id: ids.rangeError, text: errors.range } : null,
  ].filter((message) => message !== null);

  return (
    <form
      role="search"
      aria-label="Filter products"
      noValidate
      onSubmit={handleSubmit}
      className="mb-6 flex flex-col gap-1 rounded-lg border border-border bg-card p-4 pb-2"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)_auto] lg:items-end">
        <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-1">
          <Label htmlFor={ids.q}>{searchLabel}</Label>
          <Input
            id={ids.q}
            name="q"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={200}
            placeholder="e.g. kettle, headphones"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.min}>Lowest price ($)</Label>
          <Input
            id={ids.min}
            name="min"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={min}
            onChange={(event) => {
              setMin(event.target.value);
              if (errors.min || errors.range) setErrors({});
            }}
            aria-invalid={errors.min || errors.range ? true : undefined}
            aria-describedby={describedBy('min')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.max}>Highest price ($)</Label>
          <Input
            id={ids.max}
            name="max"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Any"
            value={max}
            onChange={(event) => {
              setMax(event.target.value);
              if (errors.max || errors.range) setErrors({});
            }}
            aria-invalid={errors.max || errors.range ? true : undefined}
            aria-describedby={describedBy('max')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.sort}>Sort by</Label>
          <NativeSelect
            id={ids.sort}
            name="sort"
            value={filters.sort}
            onChange={(event) => handleSortChange(event.target.value as BrowseSort)}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit" className="flex-1 lg:flex-none">
            <Search aria-hidden="true" />
            Search
          </Button>
          {hasActiveFilters(filters) ? (
            <Button variant="ghost" onClick={() => onApply(DEFAULT_FILTERS)}>
              <X aria-hidden="true" />
              Clear
            </Button>
          ) : null}
        </div>
      </div>
      {/* Space is kept for one message so the results below do not jump when it appears. */}
      <div className="min-h-5">
        {messages.map((message) => (
          <p
            key={message.id}
            id={message.id}
            role="alert"
            className="text-sm font-medium text-destructive"
          >
            {message.text}
          </p>
        ))}
      </div>
    </form>
  );
}
