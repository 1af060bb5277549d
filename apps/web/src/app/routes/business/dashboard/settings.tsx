import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function DashboardSettingsPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Settings"
        description="Your business profile, shop domain and notification preferences."
      />
      <EmptyState
        icon={<Settings />}
        title="Sign in to change settings"
        description="Settings belong to a business account. Sign in to see and change yours."
        actions={
          <Link to="/business-login" className={buttonVariants()}>
            Business sign in
          </Link>
        }
      />
    </PageContainer>
  );
}
