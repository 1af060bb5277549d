import { SlidersHorizontal } from 'lucide-react';
import { useId, type ReactNode } from 'react';
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
  /** The panel's id, which the toggle button controls. */
  id: string;
  /** Whether the panel shows on a narrow screen; on a wide one it always does. */
  isOpen: boolean;
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
 * The button that shows and hides the filters on a narrow screen, where they stay folded so the
 * offers come first; it counts the filters in use.
 */
export function FiltersToggle({
  panelId,
  isOpen,
  onToggle,
  filters,
  className,
}: {
  panelId: string;
  isOpen: boolean;
  onToggle: () => void;
  filters: OfferFilters;
  className?: string;
}) {
  const active = activeFilterCount(filters);
  return (
    <Button
      variant="outline"
      className={className}
      aria-expanded={isOpen}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <SlidersHorizontal aria-hidden="true" />
      Filters
      {active > 0 ? ` (${String(active)})` : null}
    </Button>
  );
}

/**
 * Retailer, stock and condition filters as real checkboxes. A sidebar on wide screens; on a phone
 * it is folded behind `FiltersToggle`. Asking for used or refurbished offers also lets a unit of
 * the very product in that condition count as the same product.
 */
export function OfferFiltersPanel({
  id,
  isOpen,
  facets,
  filters,
  onFiltersChange,
  onClear,
  className,
}: OfferFiltersPanelProps) {
  const headingId = useId();

  return (
    <aside
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'flex-col gap-5 rounded-lg border border-border bg-card p-4 lg:flex',
        isOpen ? 'flex' : 'hidden',
        className,
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
