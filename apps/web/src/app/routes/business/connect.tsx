import { Plug } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function BusinessConnectPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Connect your shop"
        description="Link your ipick business account to the shop it reports for."
      />
      <EmptyState
        icon={<Plug />}
        title="No shops connected yet"
        description="A shop is connected once it has sent its first event to ipick."
        actions={
          <Link to="/business/integrate/wizard" className={buttonVariants()}>
            Start the integration wizard
          </Link>
        }
      />
    </PageContainer>
  );
}
