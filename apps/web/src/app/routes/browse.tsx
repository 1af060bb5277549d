import { LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function BrowsePage() {
  return (
    <PageContainer>
      <PageHeader
        title="Browse"
        description="Browse products by category across the retailers ipick compares."
      />
      <EmptyState
        icon={<LayoutGrid />}
        title="No categories yet"
        description="Categories appear here once retailer catalogues have been imported. Until then, compare any product by pasting its link."
        actions={
          <Link to="/" className={buttonVariants()}>
            Compare a product link
          </Link>
        }
      />
    </PageContainer>
  );
}
