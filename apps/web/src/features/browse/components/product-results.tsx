import type { BrowseProduct } from '@ipick/contracts';
import { PackageSearch, SearchX } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { cn } from '@/lib/cn';
import { useBrowseProducts } from '../api/catalog';
import {
  describeFilters,
  hasNarrowingFilters,
  toBrowseQuery,
  type BrowseFilters,
} from './browse-filters';
import { ProductCard, ProductGridSkeleton, productGridClass } from './product-card';

const count = new Intl.NumberFormat('en-US');

/** The results' placeholder: count line and cards at their real sizes. */
export function ProductResultsSkeleton({ showCategory = false }: { showCategory?: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex h-5 items-center">
        <Skeleton className="h-4 w-48" />
      </div>
      <ProductGridSkeleton showCategory={showCategory} />
    </div>
  );
}

interface ProductResultsProps {
  filters: BrowseFilters;
  /** Unset: every category. */
  category?: string;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
  onCompare: (product: BrowseProduct) => void;
}

/** One page of products for the filters, with its count, pages and every empty or failed case. */
export function ProductResults({
  filters,
  category,
  onPageChange,
  onClearFilters,
  onCompare,
}: ProductResultsProps) {
  const query = useBrowseProducts(toBrowseQuery(filters, category));
  const headingId = useId();
  const showCategory = category === undefined;

  if (query.isPending) return <ProductResultsSkeleton showCategory={showCategory} />;
  if (query.isError) {
    return (
      <ErrorState
        title="We could not load the products"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }

  const { items, total, page, pageSize } = query.data;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  if (total === 0) {
    if (hasNarrowingFilters(filters)) {
      return (
        <EmptyState
          icon={<SearchX />}
          title={`No products match ${describeFilters(filters)}`}
          description="Try other words, a wider price range, or clear the filters to see everything."
          actions={<Button onClick={onClearFilters}>Clear filters</Button>}
        />
      );
    }
    return (
      <EmptyState
        icon={<PackageSearch />}
        title={category ? 'No products in this category yet' : 'No products yet'}
        description="Products appear here once retailer catalogues have been imported."
        actions={
          category ? (
            <Link to="/browse" className={buttonVariants({ variant: 'outline' })}>
              All categories
            </Link>
          ) : null
        }
      />
    );
  }
  if (items.length === 0) {
    // A bookmark or an edited address can point past the last page.
    return (
      <EmptyState
        icon={<PackageSearch />}
        title={`There is no page ${page}`}
        description={`These products fill ${pageCount} page${pageCount === 1 ? '' : 's'}.`}
        actions={<Button onClick={() => onPageChange(pageCount)}>Go to page {pageCount}</Button>}
      />
    );
  }

  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;
  // While the next page loads, the previous one stays (keepPreviousData), dimmed and marked busy.
  const isUpdating = query.isPlaceholderData;

  return (
    <section aria-labelledby={headingId} aria-busy={isUpdating} className="flex flex-col gap-4">
      <h2 id={headingId} className="sr-only">
        Products
      </h2>
      <p role="status" className="h-5 text-sm text-muted-foreground">
        {total === items.length
          ? `${count.format(total)} product${total === 1 ? '' : 's'}`
          : `Showing ${count.format(first)}–${count.format(last)} of ${count.format(total)} products`}
      </p>
      <ul
        aria-label="Products"
        className={cn(productGridClass, 'transition-opacity', isUpdating && 'opacity-60')}
      >
        {items.map((product) => (
          <li key={product.productId}>
            <ProductCard product={product} onCompare={onCompare} showCategory={showCategory} />
          </li>
        ))}
      </ul>
      <Pagination
        label="Pages of products"
        page={page}
        pageCount={pageCount}
        onPageChange={onPageChange}
        disabled={isUpdating}
        className="mt-2"
      />
    </section>
  );
}
