import { ShieldAlert } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { AdminSignInForm } from '@/features/auth/components/admin-sign-in-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { safeReturnTo } from '@/lib/return-to';
import { PageSkeleton } from '../../page-skeleton';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** `/admin-login?returnTo=/admin/...`: admin sign-in; a signed-in admin goes straight on. */
export default function AdminLoginPage() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'), '/admin');
  const { user, isLoading } = useAuth();

  if (isLoading) return <PageSkeleton />;
  if (user?.isAdmin) return <Navigate to={returnTo} replace />;

  return (
    <PageContainer className="max-w-md">
      <PageHeader
        title="Admin sign in"
        description="The admin area has its own sign-in, separate from shopper and business accounts."
      />
      <div className="flex flex-col gap-4">
        {user ? (
          <Alert>
            <ShieldAlert aria-hidden="true" />
            <AlertTitle>This account does not have admin access</AlertTitle>
            <AlertDescription>
              You are signed in as {user.email ?? user.displayName ?? 'a shopper'}. Sign in with an
              admin account to open the admin area.
            </AlertDescription>
          </Alert>
        ) : null}
        <Card>
          <CardContent>
            <AdminSignInForm />
          </CardContent>
        </Card>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        Not an admin?{' '}
        <Link to="/login" className={linkClass}>
          Shopper sign in
        </Link>{' '}
        ·{' '}
        <Link to="/business-login" className={linkClass}>
          Business sign in
        </Link>
      </p>
    </PageContainer>
  );
}
