import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { SearchResults } from '@/features/compare/components/search-results';
import { LazyStoredProductLink } from '@/features/product-request/components/lazy-stored-product-link';

/** The older results page (spec §2): the same comparison as a plain list, for links to it. */
export default function SearchPage() {
  const { requestId = '' } = useParams();

  return (
    <PageContainer>
      <PageHeader
        // The results name the tab after the product.
        setsDocumentTitle={false}
        title="Search results"
        description="Prices for the product you searched for at other retailers."
      />
      <SearchResults
        requestId={requestId}
        missing={<LazyStoredProductLink requestId={requestId} note="" />}
      />
    </PageContainer>
  );
}
