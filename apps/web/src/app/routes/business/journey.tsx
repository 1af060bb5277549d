import { Route as RouteIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function JourneyPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Customer journeys"
        description="The steps shoppers take from an ipick referral to a purchase in your shop."
      />
      <EmptyState
        icon={<RouteIcon />}
        title="No journeys yet"
        description="Journeys appear once your shop reports events through the ipick snippet."
        actions={
          <>
            <Link to="/business/dashboard" className={buttonVariants({ variant: 'outline' })}>
              All dashboards
            </Link>
            <Link to="/business/integrate" className={buttonVariants()}>
              Integrate your shop
            </Link>
          </>
        }
      />
    </PageContainer>
  );
}
