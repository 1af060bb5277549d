import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { ComparisonResults } from '@/features/compare/components/comparison-results';

export default function NewSearchPage() {
  const { requestId = '' } = useParams();

  return (
    <PageContainer>
      <PageHeader
        title="Comparing prices"
        description="The product you asked about, and its prices at other retailers."
      />
      <ComparisonResults requestId={requestId} />
    </PageContainer>
  );
}
