import type { ComparedOffer } from '@ipick/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { currentPath, withReturnTo } from '@/lib/return-to';

type RenderOfferExtras = (context: { requestId: string; offer: ComparedOffer }) => ReactNode;

/**
 * The results' actions (favourites, price history, price alert, match report) and the API calls,
 * toasts and forms behind them are a chunk of their own, out of the page's first load: the page
 * starts loading it once it has drawn (`preloadResultActions`), while the comparison runs, so
 * it is usually there before the offers are. A page the server drew keeps the server's buttons
 * until the chunk has arrived and React hydrates them.
 */
export const preloadResultActions = () => import('@/app/result-actions');

const OfferExtras = lazy(() =>
  preloadResultActions().then((actions) => ({ default: actions.OfferExtras })),
);

export const LazyFavoriteToggle = lazy(() =>
  preloadResultActions().then((actions) => ({ default: actions.FavoriteToggle })),
);

/**
 * What the results page adds under each offer (result-actions.tsx). The page composes them; the
 * compare feature only leaves the slot.
 */
export function useOfferExtras(): RenderOfferExtras {
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const path = currentPath(location);
  const signInHref = withReturnTo('/login', 'returnTo', path);
  return ({ requestId, offer }) => (
    <Suspense fallback={null}>
      <OfferExtras
        requestId={requestId}
        offer={offer}
        path={path}
        isSignedIn={user !== null}
        isCheckingSignIn={isLoading}
        signInHref={signInHref}
      />
    </Suspense>
  );
}
