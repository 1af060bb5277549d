import { Plug } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardIntegratePage() {
  return (
    <PageContainer>
      <PageHeader
        title="Integrate"
        description="Connect your shop to ipick with the snippet or server-side calls."
      />
      <EmptyState
        icon={<Plug />}
        title="No integration detected yet"
        description="Your shop counts as integrated once ipick receives its first event."
        actions={
          <Link to="/business/integrate/wizard" className={buttonVariants()}>
            Start the integration wizard
          </Link>
        }
      />
    </PageContainer>
  );
}
