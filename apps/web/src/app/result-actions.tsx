import type { ComparedOffer } from '@ipick/contracts';
import { PriceHistory } from '@/features/compare/components/price-history';
import { ReportWrongMatch } from '@/features/match-reports/components/report-wrong-match';
import { AlertButton } from '@/features/price-alerts/components/alert-button';

export { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';

interface OfferExtrasProps {
  requestId: string;
  offer: ComparedOffer;
  /** The page's path and query, for the Alerts page's link back to the comparison. */
  path: string;
  isSignedIn: boolean;
  isCheckingSignIn: boolean;
  signInHref: string;
}

/**
 * What the results page adds under each offer: its price history (a chart loaded on demand),
 * "Price alert" and "Not the same product?". A chunk of its own (routes/shared/offer-extras.tsx loads it).
 */
export function OfferExtras({
  requestId,
  offer,
  path,
  isSignedIn,
  isCheckingSignIn,
  signInHref,
}: OfferExtrasProps) {
  return (
    <div className="flex flex-col gap-1">
      <PriceHistory offerId={offer.offerId} />
      <AlertButton
        offer={offer}
        path={path.startsWith('/new-search/') ? path.split('?')[0] : undefined}
        isSignedIn={isSignedIn}
        isCheckingSignIn={isCheckingSignIn}
        signInHref={signInHref}
      />
      <ReportWrongMatch requestId={requestId} offer={offer} />
    </div>
  );
}
