import type { ComparedOffer, CompareResponse, MatchTierValue } from '@ipick/contracts';
import { formatMoney, totalPrice } from '@ipick/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useComparisonResult } from '../hooks/use-comparison-result';
import { comparisonTitle } from '../utils/comparison-title';
import { NO_OFFER_FILTERS, offersByTier, sortOffers } from '../utils/filter-offers';
import { priceText, savingsText, shippingText, TIER_LABELS } from '../utils/offer-text';
import { LazyComparisonError } from './lazy-comparison-error';
import { CommissionDisclosure, OutboundLink } from './offer-link';

interface SearchResultsProps {
  requestId: string;
  /** Shown when neither this tab nor the server knows the request. */
  missing: ReactNode;
}

/** The older results page's plain list (spec §2): the same comparison, all offers in one table. */
export function SearchResults({ requestId, missing }: SearchResultsProps) {
  const state = useComparisonResult(requestId);
  useDocumentTitle(comparisonTitle(state));
  switch (state.status) {
    case 'missing':
      return missing;
    case 'pending':
      return (
        <div className="flex flex-col gap-3">
          <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
            Comparing prices…
          </p>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-10 w-full" />
          ))}
        </div>
      );
    case 'error':
      return (
        <LazyComparisonError
          error={state.error}
          pastedUrl={state.pastedUrl}
          retry={state.retry}
          isRetrying={state.isRetrying}
        />
      );
    case 'success':
      return <OfferTable result={state.result} />;
  }
}

interface OfferRow {
  tier: MatchTierValue;
  offer: ComparedOffer;
}

const CELL = 'px-3 py-1 sm:py-2';

function OfferTable({ result }: { result: CompareResponse }) {
  const { product, notice } = result;
  const groups = offersByTier(result, NO_OFFER_FILTERS);
  const rows: OfferRow[] = (['same', 'probable', 'similar'] as const).flatMap((tier) =>
    sortOffers(groups[tier], 'price', product.currency).map((offer) => ({ tier, offer })),
  );

  return (
    <div className="flex flex-col gap-4">
      {notice ? (
        <Alert>
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <p className="text-sm break-words">
        Your product: <span className="font-medium">{product.title}</span>,{' '}
        {priceText(product.priceMinor, product.currency)} at{' '}
        <OutboundLink
          target={{ url: product.url, title: product.title }}
          className="text-primary underline"
        >
          {product.retailerName}
        </OutboundLink>
      </p>
      {rows.length === 0 ? (
        <EmptyState
          title="We found no offers to compare"
          description="No retailer we compare has this product or one like it. Try another link to it."
          actions={
            <Link to="/" className={buttonVariants()}>
              Compare another link
            </Link>
          }
        />
      ) : (
        // A table on wide screens; on a phone each row stacks into a card of its own, so
        // nothing scrolls sideways.
        <div className="rounded-lg border border-border">
          <table className="block w-full text-left text-sm sm:table">
            <caption className="sr-only">All offers for {product.title}</caption>
            <thead className="sr-only bg-muted sm:not-sr-only sm:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Offer
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Retailer
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Match
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Total price
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Difference
                </th>
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {rows.map(({ tier, offer }) => (
                <tr
                  key={offer.offerId}
                  className="flex flex-wrap border-t border-border py-2 first:border-t-0 sm:table-row sm:py-0 sm:first:border-t"
                >
                  <td className={`${CELL} w-full break-words sm:w-auto`}>
                    <OutboundLink target={{ offer }} className="text-primary underline">
                      {offer.title}
                    </OutboundLink>
                  </td>
                  <td className={`${CELL} font-medium sm:font-normal`}>{offer.retailerName}</td>
                  <td className={CELL}>{TIER_LABELS[tier]}</td>
                  <td className={`${CELL} tabular-nums sm:text-right`}>
                    <OfferTotal offer={offer} />
                  </td>
                  <DifferenceCell
                    text={savingsText(offer.savingsMinor, offer.currency, tier !== 'similar')}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 ? <CommissionDisclosure /> : null}
    </div>
  );
}

/** The price difference; with none, a dash in the table and nothing on a phone's card. */
function DifferenceCell({ text }: { text: string | null }) {
  return (
    <td className={`${CELL} tabular-nums sm:text-right ${text ? '' : 'max-sm:hidden'}`}>
      {text ?? '—'}
    </td>
  );
}

/** "$17.94" with "$11.95 + $5.99 shipping", "Free shipping" or "Shipping unknown" under it. */
function OfferTotal({ offer }: { offer: ComparedOffer }) {
  const total = totalPrice(offer);
  if (!total) return <>{priceText(null, null)}</>;
  return (
    <span className="inline-flex flex-col sm:items-end">
      <span>{formatMoney(total.amountMinor, total.currency)}</span>
      <span className="text-xs text-muted-foreground">
        {offer.shippingMinor
          ? `${priceText(offer.priceMinor, offer.currency)} ${shippingText(offer.shippingMinor, offer.currency)}`
          : shippingText(offer.shippingMinor, offer.currency)}
      </span>
    </span>
  );
}
