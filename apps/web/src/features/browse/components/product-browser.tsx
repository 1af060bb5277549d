import type { BrowseProduct } from '@ipick/contracts';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  readBrowseFilters,
  writeBrowseFilters,
  type BrowseFilters,
} from './browse-filters';
import { BrowseFiltersForm } from './browse-filters-form';
import { ProductResults, ProductResultsSkeleton } from './product-results';

interface ProductBrowserProps {
  /** Unset: search every category. */
  category?: string;
  onCompare: (url: string) => void;
  searchLabel: string;
  /** Shown instead of the products until the shopper searches, filters or sorts. */
  idle?: ReactNode;
  /** Holds the product search back (skeletons instead) until the page knows it is worth it. */
  isWaiting?: boolean;
}

/**
 * Search, price range, sort and pages over the catalog. All of it lives in the address
 * (`?q=&min=&max=&sort=&page=`), so back and forward step through it and a reload keeps it.
 */
export function ProductBrowser({
  category,
  onCompare,
  searchLabel,
  idle,
  isWaiting = false,
}: ProductBrowserProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readBrowseFilters(searchParams);
  const showResults = idle === undefined || hasActiveFilters(filters);

  function apply(next: BrowseFilters) {
    setSearchParams(writeBrowseFilters(next));
  }

  // Typed text follows the address: back/forward to another search refills the form.
  const formKey = JSON.stringify([filters.q, filters.min, filters.max]);

  return (
    <>
      <BrowseFiltersForm
        key={formKey}
        filters={filters}
        onApply={apply}
        searchLabel={searchLabel}
      />
      {isWaiting ? (
        <ProductResultsSkeleton showCategory={category === undefined} />
      ) : showResults ? (
        <ProductResults
          filters={filters}
          category={category}
          onPageChange={(page) => apply({ ...filters, page })}
          onClearFilters={() => apply(DEFAULT_FILTERS)}
          onCompare={(product: BrowseProduct) => onCompare(product.url)}
        />
      ) : (
        idle
      )}
    </>
  );
}
