import type { ComparedOffer, CompareResponse } from '@ipick/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useComparisonResult } from '../hooks/use-comparison-result';
import { sortOffers } from '../utils/filter-offers';
import { priceText, savingsText } from '../utils/offer-text';
import { ComparisonError } from './comparison-error';
import { CommissionDisclosure, OutboundLink } from './offer-link';

interface SearchResultsProps {
  requestId: string;
  /** Shown when neither this tab nor the server knows the request. */
  missing: ReactNode;
}

/** The older results page's plain list (spec §2): the same comparison, all offers in one table. */
export function SearchResults({ requestId, missing }: SearchResultsProps) {
  const state = useComparisonResult(requestId);
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
        <ComparisonError
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
  kind: 'Same product' | 'Similar product';
  offer: ComparedOffer;
}

function OfferTable({ result }: { result: CompareResponse }) {
  const { product, notice } = result;
  const rows: OfferRow[] = [
    ...sortOffers(result.sameProduct, 'price').map((offer) => ({
      kind: 'Same product' as const,
      offer,
    })),
    ...sortOffers(result.alternatives, 'price').map((offer) => ({
      kind: 'Similar product' as const,
      offer,
    })),
  ];

  return (
    <div className="flex flex-col gap-4">
      {notice ? (
        <Alert>
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <p className="text-sm">
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
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">All offers for {product.title}</caption>
            <thead className="bg-muted">
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
                  Price
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Savings
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ kind, offer }) => (
                <tr key={offer.offerId} className="border-t border-border">
                  <td className="px-3 py-2">
                    <OutboundLink target={{ offer }} className="text-primary underline">
                      {offer.title}
                    </OutboundLink>
                  </td>
                  <td className="px-3 py-2">{offer.retailerName}</td>
                  <td className="px-3 py-2">{kind}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {priceText(offer.priceMinor, offer.currency)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {kind === 'Same product' ? (
                      (savingsText(offer.savingsMinor, offer.currency) ?? '—')
                    ) : (
                      // A different product's lower price is not a saving on the pasted one.
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">Not compared: a different product</span>
                      </>
                    )}
                  </td>
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
