import { Navigate, Outlet, useLocation } from 'react-router';
import { BusinessAccountBar } from '@/features/business-auth/components/business-account-bar';
import { useBusinessAuth } from '@/features/business-auth/hooks/use-business-auth';
import { currentPath, withReturnTo } from '@/lib/return-to';
import { PageSkeleton } from '../page-skeleton';
import { useWasSignedIn } from './use-was-signed-in';

/**
 * Merchant-only pages: without a business session they send the visitor to /business-login,
 * which brings them back. With one, the business's name, status and "Log out" sit above the page.
 */
export function RequireBusiness() {
  const { business, isLoading, logout } = useBusinessAuth();
  const location = useLocation();
  const wasSignedIn = useWasSignedIn(business !== null);

  if (isLoading) return <PageSkeleton />;
  if (!business) {
    // A merchant who logs out lands on the business sign-in page, without a way back in here.
    if (wasSignedIn) return <Navigate to="/business-login" replace />;
    return (
      <Navigate to={withReturnTo('/business-login', 'returnTo', currentPath(location))} replace />
    );
  }
  return (
    <>
      <BusinessAccountBar business={business} onLogOut={logout} />
      <Outlet />
    </>
  );
}
