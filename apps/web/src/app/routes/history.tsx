import { History } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function HistoryPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Search history"
        description="The products you have compared while signed in, newest first."
      />
      <EmptyState
        icon={<History />}
        title="No searches yet"
        description="Products you compare while signed in are listed here."
        actions={
          <Link to="/" className={buttonVariants()}>
            Compare prices
          </Link>
        }
      />
    </PageContainer>
  );
}
