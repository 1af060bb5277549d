import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { StoredProductLink } from '@/features/product-request/components/stored-product-link';

/** The older results page (spec §2); kept for links that still point at it. */
export default function SearchPage() {
  const { requestId = '' } = useParams();

  return (
    <PageContainer>
      <PageHeader
        title="Search results"
        description="Prices for the product you searched for at other retailers."
      />
      <StoredProductLink
        requestId={requestId}
        note="Prices from other retailers will appear on this page."
      />
    </PageContainer>
  );
}
