import { Target } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardAttributionPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Attribution"
        description="Which ipick referrals led to purchases in your shop."
      />
      <EmptyState
        icon={<Target />}
        title="No attributed purchases yet"
        description="Purchases appear here when a shopper buys after following an ipick referral."
        actions={
          <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
            Integrate your shop
          </Link>
        }
      />
    </PageContainer>
  );
}
