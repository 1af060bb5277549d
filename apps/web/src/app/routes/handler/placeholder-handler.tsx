import { ShieldQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { placeholderPages, type PlaceholderHandlerName } from './handler-pages';

/** OAuth, MFA, team-invitation and CLI pages: they say what they are for until they work. */
export function PlaceholderHandler({ name }: { name: PlaceholderHandlerName }) {
  const page = placeholderPages[name];
  return (
    <PageContainer className="max-w-2xl">
      <PageHeader title={page.title} description={page.description} />
      <EmptyState
        icon={<ShieldQuestion />}
        title={page.emptyTitle}
        description={page.emptyText}
        actions={
          <Link to={page.action.to} className={buttonVariants({ variant: 'outline' })}>
            {page.action.label}
          </Link>
        }
      />
    </PageContainer>
  );
}
