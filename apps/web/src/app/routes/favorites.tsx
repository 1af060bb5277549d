import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function FavoritesPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Favorites"
        description="Products you saved so you can check their prices again later."
      />
      <EmptyState
        icon={<Heart />}
        title="No favorites yet"
        description="Save a product from a price comparison to keep it here."
        actions={
          <Link to="/" className={buttonVariants()}>
            Compare prices
          </Link>
        }
      />
    </PageContainer>
  );
}
