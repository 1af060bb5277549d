import { RadioReceiver } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function RealTrackingTestPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Live tracking test"
        description="Watch events from your live shop arrive, to confirm a real integration works end to end."
      />
      <EmptyState
        icon={<RadioReceiver />}
        title="No live events yet"
        description="Events from your shop appear here as ipick receives them."
        actions={
          <Link to="/tracking-test" className={buttonVariants({ variant: 'outline' })}>
            Send a test event instead
          </Link>
        }
      />
    </PageContainer>
  );
}
