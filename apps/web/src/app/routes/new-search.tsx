import { Suspense, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ComparisonResults } from '@/features/compare/components/comparison-results';
import type { FavoriteTarget } from '@/features/compare/components/favorite-slot';
import { LazyStoredProductLink } from '@/features/product-request/components/lazy-stored-product-link';
import { currentPath, withReturnTo } from '@/lib/return-to';
import { LazyFavoriteToggle, preloadResultActions, useOfferExtras } from './shared/offer-extras';

/** `/new-search/:requestId/:slug` (spec §2): the comparison, with favourites for signed-in shoppers. */
export default function NewSearchPage() {
  const { requestId = '' } = useParams();
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const signInHref = withReturnTo('/login', 'returnTo', currentPath(location));
  const renderOfferExtras = useOfferExtras();
  // The favourite and offer actions load after the page has drawn, beside the comparison's call.
  useEffect(() => {
    void preloadResultActions();
  }, []);

  const renderFavorite = (target: FavoriteTarget) => (
    <Suspense fallback={null}>
      <LazyFavoriteToggle
        requestId={target.requestId}
        offerId={target.offerId}
        url={target.url}
        describedBy={target.describedBy}
        variant={target.variant === 'product' ? 'labelled' : 'icon'}
        isSignedIn={user !== null}
        isCheckingSignIn={isLoading}
        signInHref={signInHref}
      />
    </Suspense>
  );

  return (
    <PageContainer>
      <PageHeader
        // The results name the tab after the product.
        setsDocumentTitle={false}
        title="Comparing prices"
        // On a phone the results' own summary says it; the first offer needs the room.
        description={
          <span className="hidden sm:inline">
            The product you asked about, and its prices at other retailers.
          </span>
        }
        className="mb-4 gap-0 sm:mb-8 sm:gap-2"
      />
      <ComparisonResults
        // A new request starts with fresh filters.
        key={requestId}
        requestId={requestId}
        missing={<LazyStoredProductLink requestId={requestId} note="" />}
        renderFavorite={renderFavorite}
        renderOfferExtras={renderOfferExtras}
      />
    </PageContainer>
  );
}
