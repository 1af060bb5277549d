import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardProductsPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Products"
        description="The product feed ipick uses to match your products with shoppers' searches."
      />
      <EmptyState
        icon={<Package />}
        title="No products yet"
        description="Upload a product feed to list your products here."
        actions={
          <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
            Integrate your shop
          </Link>
        }
      />
    </PageContainer>
  );
}
