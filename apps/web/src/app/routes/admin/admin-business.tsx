import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AdminSignedInAs } from './admin-signed-in-as';

export default function AdminBusinessPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Business management"
        description="Review and manage the merchant accounts registered on ipick."
      >
        <AdminSignedInAs />
      </PageHeader>
      <EmptyState
        icon={<Building2 />}
        title="No businesses registered yet"
        description="Shops appear here after they register a business account."
        actions={
          <Link to="/admin" className={buttonVariants({ variant: 'outline' })}>
            Back to admin
          </Link>
        }
      />
    </PageContainer>
  );
}
