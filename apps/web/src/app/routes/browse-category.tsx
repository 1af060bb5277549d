import { useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { CategoryBrowser } from '@/features/browse/components/category-browser';
import { categoryLabel } from '@/features/browse/components/category-label';
import { useStartComparison } from './shared/use-start-comparison';

export default function BrowseCategoryPage() {
  const { category = '' } = useParams();
  const label = categoryLabel(category);
  const startComparison = useStartComparison();

  return (
    <PageContainer>
      <PageHeader
        title={label}
        description={`Products in the ${label.toLowerCase()} category from the retailers ipick compares.`}
      />
      <CategoryBrowser category={category} onCompare={startComparison} />
    </PageContainer>
  );
}
