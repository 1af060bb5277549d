import { useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { FeedImportsPanel } from '@/features/merchant-catalog/components/feed-imports-panel';
import { MerchantProductList } from '@/features/merchant-catalog/components/merchant-product-list';

/** `?query=&page=` keep the list's search and page in the address (back, reload, share). */
function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export default function DashboardProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('query') ?? '';
  const page = readPage(searchParams.get('page'));

  function update(next: { query?: string; page?: number }) {
    const params = new URLSearchParams();
    const nextQuery = next.query ?? query;
    const nextPage = next.page ?? 1;
    if (nextQuery) params.set('query', nextQuery);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params);
  }

  return (
    <PageContainer>
      <PageHeader
        title="Products"
        description="Your product feed, your products' prices and stock, and how ipick shoppers compared them."
      />
      <div className="flex flex-col gap-8">
        <FeedImportsPanel />
        <MerchantProductList
          query={query}
          page={page}
          onSearch={(nextQuery) => update({ query: nextQuery, page: 1 })}
          onPageChange={(nextPage) => update({ page: nextPage })}
        />
      </div>
    </PageContainer>
  );
}
