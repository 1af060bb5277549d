import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { ActivityFeed } from '@/features/business-dashboard/components/activity-feed';

export default function BusinessActivityPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Business activity"
        description="Recent referrals and events reported for your shop."
      />
      <ActivityFeed integratePath="/business/integrate" />
    </PageContainer>
  );
}
