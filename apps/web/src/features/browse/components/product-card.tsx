import type { BrowseProduct } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ImageFrame } from '@/components/ui/image-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { categoryLabel } from './category-label';

/** "from $12.99 at 4 retailers"; without a price, only where it is sold. */
export function offerSummary(product: BrowseProduct): string {
  const retailers = `${product.retailerCount} retailer${product.retailerCount === 1 ? '' : 's'}`;
  if (product.lowestPriceMinor === null || !product.currency) return `At ${retailers}`;
  return `from ${formatMoney(product.lowestPriceMinor, product.currency)} at ${retailers}`;
}

// Every line has a fixed height (the title two lines, the brand one even when empty), so cards
// in a row line up and the skeleton below has exactly their size.
const cardClass = 'flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-3';

interface ProductCardProps {
  product: BrowseProduct;
  onCompare: (product: BrowseProduct) => void;
  /** Shows the category above the title (a search across all categories). */
  showCategory?: boolean;
}

/** One product of the catalog: picture, title, brand, cheapest price and a way to compare it. */
export function ProductCard({ product, onCompare, showCategory = false }: ProductCardProps) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={cardClass}>
      {/* 4:3 rather than square: a card shows more of its products per screen. */}
      <ImageFrame src={product.image} alt="" category={product.category} className="aspect-[4/3]" />
      <div className="flex flex-1 flex-col">
        {showCategory ? (
          <p className="h-4 truncate text-xs text-muted-foreground">
            {product.category ? categoryLabel(product.category) : ''}
          </p>
        ) : null}
        <h3 id={titleId} className="line-clamp-2 h-12 font-medium" title={product.title}>
          {product.title}
        </h3>
        <p className="h-5 truncate text-sm text-muted-foreground">{product.brand ?? ''}</p>
        <p className="mt-1 h-5 truncate text-sm">{offerSummary(product)}</p>
      </div>
      <Button
        variant="secondary"
        className="w-full"
        aria-label={`Compare prices of ${product.title}`}
        onClick={() => onCompare(product)}
      >
        Compare prices
        <ArrowRight aria-hidden="true" />
      </Button>
    </article>
  );
}

/** A card's placeholder while its page loads: the same boxes at the same sizes. */
export function ProductCardSkeleton({ showCategory = false }: { showCategory?: boolean }) {
  return (
    <div className={cardClass} aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-full" />
      <div className="flex flex-1 flex-col">
        {showCategory ? <Skeleton className="h-3 w-1/3 self-start" /> : null}
        <div className={cn('flex h-12 flex-col justify-center gap-1.5', showCategory && 'mt-1')}>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <div className="flex h-5 items-center">
          <Skeleton className="h-3.5 w-1/3" />
        </div>
        <div className="mt-1 flex h-5 items-center">
          <Skeleton className="h-3.5 w-3/4" />
        </div>
      </div>
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

export const productGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4';

/** The grid of skeleton cards shown before the first page arrives. */
export function ProductGridSkeleton({
  count = 8,
  showCategory = false,
}: {
  count?: number;
  showCategory?: boolean;
}) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading products…</span>
      <div className={productGridClass}>
        {Array.from({ length: count }, (_, index) => (
          <ProductCardSkeleton key={index} showCategory={showCategory} />
        ))}
      </div>
    </div>
  );
}
