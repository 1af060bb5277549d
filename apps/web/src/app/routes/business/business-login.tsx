import { Link, Navigate, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { BusinessLoginForm } from '@/features/business-auth/components/business-login-form';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import { safeReturnTo } from '@/lib/return-to';
import { PageSkeleton } from '../../page-skeleton';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** `/business-login?returnTo=/business/...`: merchant sign-in, then the dashboard or `returnTo`. */
export default function BusinessLoginPage() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'), '/business/dashboard');
  const { business, isLoading } = useBusinessAuth();

  if (isLoading) return <PageSkeleton />;
  if (business) return <Navigate to={returnTo} replace />;

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Business sign in"
        description="Sign in to your merchant dashboard to see the shoppers ipick sends to your shop."
      />
      <Card>
        <CardContent>
          <BusinessLoginForm />
        </CardContent>
      </Card>
      <div className="mt-6 flex flex-col gap-2 text-sm text-muted-foreground">
        <p>
          New to ipick for business?{' '}
          <Link to="/business/register" className={linkClass}>
            Register your business
          </Link>
        </p>
        <p>
          Business accounts are separate from shopper accounts. Shopping?{' '}
          <Link to="/login" className={linkClass}>
            Shopper sign in
          </Link>
        </p>
      </div>
    </PageContainer>
  );
}
