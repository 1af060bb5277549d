import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { currentPath, withReturnTo } from '@/lib/return-to';
import { PageSkeleton } from '../page-skeleton';
import { useWasSignedIn } from './use-was-signed-in';

interface RequireUserProps {
  /** Where a signed-out visitor is sent; it brings them back here afterwards. */
  signInPath?: string;
  /** The query parameter that carries this page's address to the sign-in page. */
  returnToParam?: string;
}

/**
 * Pages for signed-in shoppers (history, favorites, account settings). Spec §6 leaves guards
 * open; this only mirrors the server, which refuses the data itself. While the session is being
 * checked the page skeleton shows, not a flash of the sign-in page.
 */
export function RequireUser({
  signInPath = '/login',
  returnToParam = 'returnTo',
}: RequireUserProps) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const wasSignedIn = useWasSignedIn(user !== null);

  if (isLoading) return <PageSkeleton />;
  if (!user) {
    if (wasSignedIn) return <Navigate to="/" replace />;
    return <Navigate to={withReturnTo(signInPath, returnToParam, currentPath(location))} replace />;
  }
  return <Outlet />;
}
