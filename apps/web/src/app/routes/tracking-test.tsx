import { RadioTower } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function TrackingTestPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Tracking test"
        description="Send test events from this page to check that tracking reaches ipick."
      />
      <EmptyState
        icon={<RadioTower />}
        title="No test events sent yet"
        description="Test events and ipick's answers are listed here as you send them."
        actions={
          <Link to="/business/integrate" className={buttonVariants({ variant: 'outline' })}>
            Integration guide
          </Link>
        }
      />
    </PageContainer>
  );
}
