import { ChartLine } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardAnalyticsPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Analytics"
        description="Trends in referrals, conversions and revenue over time."
      />
      <EmptyState
        icon={<ChartLine />}
        title="No data to chart yet"
        description="Charts appear once your shop has reported events for at least a day."
        actions={
          <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
            Integrate your shop
          </Link>
        }
      />
    </PageContainer>
  );
}
