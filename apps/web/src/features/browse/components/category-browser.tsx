import { PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategories } from '../api/catalog';
import { categoryLabel } from './category-label';
import { priceSpan } from './category-list';
import { ProductBrowser } from './product-browser';

const count = new Intl.NumberFormat('en-US');

/**
 * `/browse/:category`: the category's products with search, price range, sort and pages. A
 * slug the catalog does not know gets an empty state and a way to all categories instead.
 */
export function CategoryBrowser({
  category,
  onCompare,
}: {
  category: string;
  onCompare: (url: string) => void;
}) {
  const categories = useCategories();
  const label = categoryLabel(category);

  // Products wait for the list, so an unknown slug costs no search. When the list failed, the
  // products are still worth asking for; they bring their own error.
  const known = categories.data?.categories.find((entry) => entry.slug === category);
  if (categories.isSuccess && !known) {
    return (
      <EmptyState
        icon={<PackageSearch />}
        title={`There is no “${label}” category`}
        description="The link may be mistyped or the category may have been renamed. Pick one from the list of all categories."
        actions={
          <Link to="/browse" className={buttonVariants()}>
            All categories
          </Link>
        }
      />
    );
  }
  const span = known ? priceSpan(known) : null;
  return (
    <>
      {categories.isPending ? (
        <div className="mb-4 flex h-5 items-center">
          <Skeleton className="h-4 w-64" />
        </div>
      ) : known ? (
        <p className="mb-4 text-sm text-muted-foreground">
          {count.format(known.productCount)} product{known.productCount === 1 ? '' : 's'}
          {span ? ` · ${span}` : ''} ·{' '}
          <Link to="/browse" className="text-primary underline-offset-4 hover:underline">
            All categories
          </Link>
        </p>
      ) : null}
      <ProductBrowser
        category={category}
        onCompare={onCompare}
        searchLabel={`Search in ${label.toLowerCase()}`}
        isWaiting={categories.isPending}
      />
    </>
  );
}
