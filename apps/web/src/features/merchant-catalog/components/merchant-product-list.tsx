import type { MerchantProduct } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { Package, Search } from 'lucide-react';
import { useSearchDraft } from '@/hooks/use-search-draft';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { toErrorMessage } from '@/lib/error-message';
import { useMerchantProducts } from '../api/get-merchant-products';

const availabilityLabels: Record<string, string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Pre-order',
  backorder: 'Back-order',
  limited: 'Limited stock',
  discontinued: 'Discontinued',
};

interface MerchantProductListProps {
  query: string;
  page: number;
  onSearch: (query: string) => void;
  onPageChange: (page: number) => void;
}

/**
 * The shop's products with price and stock, and how ipick shoppers met each one: comparisons
 * that showed it, clicks out to it, and the cheapest price a competitor had.
 */
export function MerchantProductList({
  query,
  page,
  onSearch,
  onPageChange,
}: MerchantProductListProps) {
  const products = useMerchantProducts({ query, page });
  const { draft, setDraft, handleSubmit } = useSearchDraft(query, onSearch);

  const hasCatalog = (products.data?.catalogSize ?? 0) > 0;
  return (
    <section aria-labelledby="products-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="products-heading" className="text-lg font-semibold">
            Your products
          </h2>
          <p className="text-sm text-muted-foreground">
            {products.data && hasCatalog
              ? `${products.data.total} of ${products.data.catalogSize} product${products.data.catalogSize === 1 ? '' : 's'}${query ? ` match “${query}”` : ''}`
              : 'How ipick shoppers compared and clicked each of your products.'}
          </p>
        </div>
        {hasCatalog || query ? (
          <form role="search" onSubmit={handleSubmit} className="flex w-full gap-2 sm:w-auto">
            <Input
              type="search"
              aria-label="Search your products"
              placeholder="Title, product id or GTIN"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={200}
              className="sm:w-72"
            />
            <Button type="submit" variant="outline">
              <Search aria-hidden="true" />
              Search
            </Button>
          </form>
        ) : null}
      </div>
      <ProductListBody
        products={products}
        query={query}
        onClear={() => onSearch('')}
        page={page}
        onPageChange={onPageChange}
      />
    </section>
  );
}

function ProductListBody({
  products,
  query,
  onClear,
  page,
  onPageChange,
}: {
  products: ReturnType<typeof useMerchantProducts>;
  query: string;
  onClear: () => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  if (products.isPending) return <ProductTableSkeleton />;
  if (products.isError) {
    return (
      <ErrorState
        title="We could not load your products"
        message={toErrorMessage(products.error, 'Something went wrong. Please try again.')}
        onRetry={() => void products.refetch()}
        isRetrying={products.isFetching}
      />
    );
  }
  const data = products.data;
  if (data.catalogSize === 0) {
    return (
      <EmptyState
        icon={<Package />}
        title="No products yet"
        description={
          <>
            Import your product feed above to list your products here. ipick then shows them next to
            the same products at other shops whenever a shopper compares prices, and counts how
            often that happens.
          </>
        }
      />
    );
  }
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={<Search />}
        title={query ? `No products match “${query}”` : 'No products on this page'}
        description="Try fewer or other words, a product id from your feed, or a GTIN."
        actions={
          query ? (
            <Button variant="outline" onClick={onClear}>
              Show all products
            </Button>
          ) : (
            <Button variant="outline" onClick={() => onPageChange(1)}>
              First page
            </Button>
          )
        }
      />
    );
  }
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Your products, page {page} of {pageCount}
          </caption>
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Product
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Price
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Stock
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Compared
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Clicks
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Cheapest competitor
              </th>
            </tr>
          </thead>
          <tbody aria-busy={products.isPlaceholderData}>
            {data.items.map((product) => (
              <ProductRow key={product.offerId} product={product} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={onPageChange}
        label="Pages of products"
        disabled={products.isPlaceholderData}
      />
    </>
  );
}

function money(amountMinor: number | null, currency: string | null): string {
  return amountMinor !== null && currency ? formatMoney(amountMinor, currency) : '—';
}

function ProductRow({ product }: { product: MerchantProduct }) {
  const { shoppers } = product;
  const competitor = shoppers.cheapestCompetitor;
  const isUndercut =
    competitor !== null &&
    product.priceMinor !== null &&
    competitor.priceMinor < product.priceMinor;
  const isOutOfStock =
    product.availability === 'out_of_stock' || product.availability === 'discontinued';
  return (
    <tr className="border-t border-border align-top">
      <th scope="row" className="px-3 py-2 text-left font-normal">
        {/* A narrow product column keeps the price in view on a phone; the rest scrolls. */}
        <div className="w-48 sm:w-auto sm:max-w-xs">
          <a
            href={product.url}
            target="_blank"
            rel="noreferrer"
            className="font-medium underline-offset-4 hover:underline"
          >
            {product.title}
          </a>
          <span className="block text-xs text-muted-foreground">
            {product.productId}
            {product.gtin ? ` · GTIN ${product.gtin}` : ''} ·{' '}
            <RelativeTime value={product.lastSeenAt} prefix="Last seen" />
          </span>
        </div>
      </th>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {money(product.priceMinor, product.currency)}
      </td>
      <td className="px-3 py-2">
        <Badge variant={isOutOfStock ? 'destructive' : 'default'}>
          {product.availability
            ? (availabilityLabels[product.availability] ?? product.availability)
            : 'Unknown'}
        </Badge>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">
        {shoppers.comparisons}
        {shoppers.pasted > 0 ? (
          <span className="block text-xs text-muted-foreground">
            {shoppers.pasted} from your page
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{shoppers.clicks}</td>
      <td className="px-3 py-2">
        {competitor ? (
          <>
            <span className={isUndercut ? 'font-medium text-destructive' : undefined}>
              {formatMoney(competitor.priceMinor, competitor.currency)}
            </span>{' '}
            at {competitor.retailerName}
            <span className="block text-xs text-muted-foreground">
              {isUndercut ? 'Cheaper than you · ' : ''}
              {competitor.seenIn === 'comparison' ? 'shown to shoppers' : 'in ipick’s catalog'}
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">None seen</span>
        )}
      </td>
    </tr>
  );
}

function ProductTableSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="sr-only">Loading your products…</span>
      {Array.from({ length: 5 }, (_, index) => (
        <div
          key={index}
          className="flex gap-3 rounded-md border border-border p-3"
          aria-hidden="true"
        >
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="hidden h-4 w-24 sm:block" />
        </div>
      ))}
    </div>
  );
}
