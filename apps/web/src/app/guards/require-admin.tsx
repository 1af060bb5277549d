import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { currentPath, withReturnTo } from '@/lib/return-to';
import { PageSkeleton } from '../page-skeleton';
import { useWasSignedIn } from './use-was-signed-in';

/**
 * The admin area: signed-in users with `isAdmin` only; everyone else goes to /admin-login, which
 * explains a refusal. The server enforces the same rule on every admin call (issue 3).
 */
export function RequireAdmin() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const wasSignedIn = useWasSignedIn(user?.isAdmin === true);

  if (isLoading) return <PageSkeleton />;
  if (!user?.isAdmin) {
    if (wasSignedIn) return <Navigate to="/" replace />;
    return (
      <Navigate to={withReturnTo('/admin-login', 'returnTo', currentPath(location))} replace />
    );
  }
  return <Outlet />;
}
