import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardHomePage() {
  return (
    <PageContainer>
      <PageHeader
        title="Dashboard"
        description="An overview of the shoppers, referrals and sales ipick sends to your shop."
      />
      <EmptyState
        icon={<LayoutDashboard />}
        title="No activity yet"
        description="Figures appear here once your shop reports its first events to ipick."
        actions={
          <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
            Integrate your shop
          </Link>
        }
      />
    </PageContainer>
  );
}
