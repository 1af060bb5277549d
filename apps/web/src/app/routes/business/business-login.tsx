import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function BusinessLoginPage() {
  return (
    <PageContainer className="max-w-xl">
      <PageHeader
        title="Business sign in"
        description="Sign in to your merchant dashboard to see the shoppers ipick sends to your shop."
      />
      <EmptyState
        icon={<Store />}
        title="New to ipick for business?"
        description="Business accounts are separate from shopper accounts. Register your shop to get one."
        actions={
          <Link to="/business/register" className={buttonVariants()}>
            Register your business
          </Link>
        }
      />
    </PageContainer>
  );
}
