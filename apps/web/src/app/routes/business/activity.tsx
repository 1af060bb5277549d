import { Activity } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function BusinessActivityPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Business activity"
        description="Recent referrals and events reported for your shop."
      />
      <EmptyState
        icon={<Activity />}
        title="No activity yet"
        description="Referrals and events appear here once your shop is integrated."
        actions={
          <Link to="/business/integrate" className={buttonVariants()}>
            Integrate your shop
          </Link>
        }
      />
    </PageContainer>
  );
}
