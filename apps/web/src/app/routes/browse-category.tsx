import { PackageSearch } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** "home-audio" -> "Home audio": category slugs read as a title. */
function categoryLabel(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Category';
}

export default function BrowseCategoryPage() {
  const { category = '' } = useParams();
  const label = categoryLabel(category);

  return (
    <PageContainer>
      <PageHeader
        title={label}
        description={`Products in the ${label.toLowerCase()} category from the retailers ipick compares.`}
      />
      <EmptyState
        icon={<PackageSearch />}
        title="No products in this category yet"
        description="Products appear here once retailer catalogues have been imported."
        actions={
          <>
            <Link to="/browse" className={buttonVariants({ variant: 'outline' })}>
              All categories
            </Link>
            <Link to="/" className={buttonVariants()}>
              Compare a product link
            </Link>
          </>
        }
      />
    </PageContainer>
  );
}
