import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HistoryList } from '@/features/history/components/history-list';

export default function HistoryPage() {
  // The router's guard already waits for a signed-in shopper; this keeps the query honest.
  const { user } = useAuth();
  return (
    <PageContainer>
      <PageHeader
        title="Search history"
        description="The products you have compared while signed in, newest first."
      />
      <HistoryList enabled={user !== null} />
    </PageContainer>
  );
}
