import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { DashboardSummary } from '@/features/business-dashboard/components/dashboard-summary';

export default function DashboardHomePage() {
  return (
    <PageContainer>
      <PageHeader
        title="Dashboard"
        description="An overview of the shoppers, referrals and sales ipick sends to your shop."
      />
      <DashboardSummary />
    </PageContainer>
  );
}
