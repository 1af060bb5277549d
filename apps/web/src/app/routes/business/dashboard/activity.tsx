import { Activity } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardActivityPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Activity"
        description="Every referral, page view and purchase reported by your shop, newest first."
      />
      <EmptyState
        icon={<Activity />}
        title="No events yet"
        description="Events appear here as your shop reports them through the ipick snippet or server-side calls."
        actions={
          <Link to="/business/dashboard/checkout/integrate" className={buttonVariants()}>
            Integrate your shop
          </Link>
        }
      />
    </PageContainer>
  );
}
