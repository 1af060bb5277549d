import type { CatalogCategory } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { ChevronRight, LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useCategories } from '../api/catalog';
import { categoryLabel } from './category-label';

const count = new Intl.NumberFormat('en-US');

/** "$4.99 – $1,299.00"; one price when they are equal. The demo catalog is in USD. */
export function priceSpan(category: CatalogCategory): string | null {
  const { minPriceMinor: min, maxPriceMinor: max } = category;
  if (min === null || max === null) return null;
  if (min === max) return formatMoney(min, 'USD');
  return `${formatMoney(min, 'USD')} – ${formatMoney(max, 'USD')}`;
}

export function categoryPath(slug: string): string {
  return `/browse/${encodeURIComponent(slug)}`;
}

const gridClass = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';
const cardClass = 'flex h-24 items-center gap-3 rounded-lg border border-border bg-card p-4';

/** The catalog's categories, each with its number of products and price span. */
export function CategoryList() {
  const query = useCategories();

  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-4">
      <h2 id="categories-heading" className="text-xl font-semibold">
        Categories
      </h2>
      <CategoryListBody query={query} />
    </section>
  );
}

function CategoryListBody({ query }: { query: ReturnType<typeof useCategories> }) {
  if (query.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading categories…</span>
        <div className={gridClass}>
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className={cardClass} aria-hidden="true">
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-3/4" />
              </div>
            </div>
          ))}
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="We could not load the categories"
        message={toErrorMessage(query.error, 'Something went wrong. Please try again.')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  const categories = query.data.categories.filter((category) => category.productCount > 0);
  if (categories.length === 0) {
    return (
      <EmptyState
        icon={<LayoutGrid />}
        title="No categories yet"
        description="Categories appear here once retailer catalogues have been imported. Until then, compare any product by pasting its link."
        actions={
          <Link to="/" className={buttonVariants()}>
            Compare a product link
          </Link>
        }
      />
    );
  }
  return (
    <ul aria-label="Categories" className={gridClass}>
      {categories.map((category) => {
        const span = priceSpan(category);
        return (
          <li key={category.slug}>
            <Link
              to={categoryPath(category.slug)}
              className={`${cardClass} transition-colors hover:border-primary/50 hover:bg-muted/50`}
            >
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="truncate font-medium">{categoryLabel(category.slug)}</span>
                <span className="truncate text-sm text-muted-foreground">
                  {count.format(category.productCount)} product
                  {category.productCount === 1 ? '' : 's'}
                  {span ? ` · ${span}` : ''}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
