import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import {
  hasActiveFilters,
  toggleValue,
  type OfferFacets,
  type OfferFilters,
} from '../utils/filter-offers';

interface OfferFiltersPanelProps {
  facets: OfferFacets;
  filters: OfferFilters;
  onFiltersChange: (filters: OfferFilters) => void;
  onClear: () => void;
  className?: string;
}

function activeFilterCount(filters: OfferFilters): number {
  return filters.retailers.length + filters.conditions.length + (filters.inStockOnly ? 1 : 0);
}

/**
 * Retailer, stock and condition filters as real checkboxes. A sidebar on wide screens; on a phone
 * it sits above the offers, folded behind a "Filters" button so the offers come first.
 */
export function OfferFiltersPanel({
  facets,
  filters,
  onFiltersChange,
  onClear,
  className,
}: OfferFiltersPanelProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const active = activeFilterCount(filters);

  return (
    <aside aria-labelledby={headingId} className={cn('flex flex-col gap-3', className)}>
      <Button
        variant="outline"
        className="self-start lg:hidden"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {isOpen ? 'Hide filters' : 'Show filters'}
        {active > 0 ? ` (${String(active)})` : null}
      </Button>
      <div
        id={panelId}
        className={cn(
          'flex-col gap-5 rounded-lg border border-border bg-card p-4 lg:flex',
          isOpen ? 'flex' : 'hidden',
        )}
      >
        <h2 id={headingId} className="text-base font-semibold">
          Filters
        </h2>
        {facets.retailers.length > 0 ? (
          <FilterGroup legend="Retailer">
            {facets.retailers.map((facet) => (
              <FilterCheckbox
                key={facet.value}
                label={facet.label}
                count={facet.count}
                checked={filters.retailers.includes(facet.value)}
                onChange={() =>
                  onFiltersChange({
                    ...filters,
                    retailers: toggleValue(filters.retailers, facet.value),
                  })
                }
              />
            ))}
          </FilterGroup>
        ) : null}
        <FilterGroup legend="Availability">
          <FilterCheckbox
            label="In stock only"
            count={facets.inStockCount}
            checked={filters.inStockOnly}
            onChange={() => onFiltersChange({ ...filters, inStockOnly: !filters.inStockOnly })}
          />
        </FilterGroup>
        {facets.conditions.length > 0 ? (
          <FilterGroup legend="Condition">
            {facets.conditions.map((facet) => (
              <FilterCheckbox
                key={facet.value}
                label={facet.label}
                count={facet.count}
                checked={filters.conditions.includes(facet.value)}
                onChange={() =>
                  onFiltersChange({
                    ...filters,
                    conditions: toggleValue(filters.conditions, facet.value),
                  })
                }
              />
            ))}
          </FilterGroup>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={onClear}
          disabled={!hasActiveFilters(filters)}
        >
          Clear filters
        </Button>
      </div>
    </aside>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {children}
    </fieldset>
  );
}

function FilterCheckbox({
  label,
  count,
  checked,
  onChange,
}: {
  label: string;
  count: number;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="flex min-h-6 cursor-pointer items-center gap-2 text-sm">
      <Checkbox checked={checked} onChange={onChange} />
      <span className="min-w-0 flex-1 break-words">{label}</span>
      <span className="text-muted-foreground tabular-nums">({count})</span>
    </label>
  );
}
