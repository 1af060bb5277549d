import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { CategoryList } from '@/features/browse/components/category-list';
import { ProductBrowser } from '@/features/browse/components/product-browser';
import { useStartComparison } from './shared/use-start-comparison';

export default function BrowsePage() {
  const startComparison = useStartComparison();
  return (
    <PageContainer>
      <PageHeader
        title="Browse"
        description="Browse products by category across the retailers ipick compares, or search them all."
      />
      <ProductBrowser
        onCompare={startComparison}
        searchLabel="Search all products"
        idle={<CategoryList />}
      />
    </PageContainer>
  );
}
