import { useLocation, Link } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';

export default function NotFoundPage() {
  const { pathname } = useLocation();

  return (
    <PageContainer>
      <PageHeader
        title="Page not found"
        description={
          <>
            There is no page at{' '}
            <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{pathname}</code>.
            The link may be mistyped or out of date.
          </>
        }
      />
      <Link to="/" className={buttonVariants()}>
        Go to the home page
      </Link>
    </PageContainer>
  );
}
