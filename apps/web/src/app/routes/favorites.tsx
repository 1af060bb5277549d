import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FavoritesList } from '@/features/favorites/components/favorites-list';
import { useStartComparison } from './shared/use-start-comparison';

export default function FavoritesPage() {
  // The router's guard already waits for a signed-in shopper; this keeps the query honest.
  const { user } = useAuth();
  const startComparison = useStartComparison();
  return (
    <PageContainer>
      <PageHeader
        title="Favorites"
        description="Products you saved so you can check their prices again later."
      />
      <FavoritesList enabled={user !== null} onCompare={startComparison} />
    </PageContainer>
  );
}
