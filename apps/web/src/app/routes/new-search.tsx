import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { StoredProductLink } from '@/features/product-request/components/stored-product-link';

export default function NewSearchPage() {
  const { requestId = '' } = useParams();

  return (
    <PageContainer>
      <PageHeader
        title="Comparing prices"
        description="The product you asked about, and its prices at other retailers."
      />
      <StoredProductLink
        requestId={requestId}
        note="Results are on their way: prices from other retailers will appear on this page."
      />
    </PageContainer>
  );
}
