import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { AuditLog } from '@/features/admin/components/audit-log';
import { BusinessesPanel } from '@/features/admin/components/businesses-panel';
import { AdminSignedInAs } from './admin-signed-in-as';

export default function AdminBusinessPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Business management"
        description="Review and manage the merchant accounts registered on ipick."
      >
        <div className="flex flex-wrap items-center gap-3">
          <AdminSignedInAs />
          <Link to="/admin" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <ArrowLeft aria-hidden="true" />
            Back to admin
          </Link>
        </div>
      </PageHeader>
      <div className="flex flex-col gap-10">
        <BusinessesPanel />
        <AuditLog targetType="business" title="Business audit log" />
      </div>
    </PageContainer>
  );
}
