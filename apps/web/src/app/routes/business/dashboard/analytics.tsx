import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { DashboardAnalytics } from '@/features/business-dashboard/components/dashboard-analytics';

export default function DashboardAnalyticsPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Analytics"
        description="Trends in referrals, conversions and revenue over time."
      />
      <DashboardAnalytics />
    </PageContainer>
  );
}
