import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { ActivityFeed } from '@/features/business-dashboard/components/activity-feed';

export default function DashboardActivityPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Activity"
        description="Every referral, page view and purchase reported by your shop, newest first."
      />
      <ActivityFeed integratePath="/business/dashboard/checkout/integrate" />
    </PageContainer>
  );
}
