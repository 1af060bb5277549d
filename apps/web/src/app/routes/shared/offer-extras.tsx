import type { ComparedOffer } from '@ipick/contracts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PriceHistory } from '@/features/compare/components/price-history';
import { ReportWrongMatch } from '@/features/match-reports/components/report-wrong-match';
import { AlertButton } from '@/features/price-alerts/components/alert-button';
import { currentPath, withReturnTo } from '@/lib/return-to';

type RenderOfferExtras = (context: { requestId: string; offer: ComparedOffer }) => ReactNode;

/**
 * What the results page adds under each offer: its price history (a chart loaded on demand),
 * "Price alert" and "Not the same product?". The page composes them; the compare feature only
 * leaves the slot.
 */
export function useOfferExtras(): RenderOfferExtras {
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const path = currentPath(location);
  const signInHref = withReturnTo('/login', 'returnTo', path);
  return ({ requestId, offer }) => (
    <div className="flex flex-col gap-1">
      <PriceHistory offerId={offer.offerId} />
      <AlertButton
        offer={offer}
        path={path.startsWith('/new-search/') ? path.split('?')[0] : undefined}
        isSignedIn={user !== null}
        isCheckingSignIn={isLoading}
        signInHref={signInHref}
      />
      <ReportWrongMatch requestId={requestId} offer={offer} />
    </div>
  );
}
