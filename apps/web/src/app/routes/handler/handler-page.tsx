import { ShieldQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { handlerPages, type HandlerName } from './handler-pages';

/** One hosted-auth handler page; the route passes which one. */
export default function HandlerPage({ name }: { name: HandlerName }) {
  const page = handlerPages[name];

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
