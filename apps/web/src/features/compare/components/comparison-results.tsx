import type { ComparedOffer, CompareResponse } from '@ipick/contracts';
import { formatMoney } from '@ipick/core';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api-client';
import { toErrorMessage } from '@/lib/error-message';
import { readProductRequest } from '@/lib/product-request-store';
import { StoredProductLink } from '@/features/product-request/components/stored-product-link';
import { useCompareProduct } from '../api/compare-product';
import { useComparison } from '../api/get-comparison';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const OFFER_LINK_REL = 'noopener noreferrer nofollow';

function price(amountMinor: number | null, currency: string | null): string {
  return amountMinor !== null && currency ? formatMoney(amountMinor, currency) : 'Price unknown';
}

/** "Save $12.00", "$3.00 more", or nothing when the prices cannot be compared. */
export function savingsText(savingsMinor: number | null, currency: string | null): string | null {
  if (savingsMinor === null || !currency) return null;
  if (savingsMinor > 0) return `Save ${formatMoney(savingsMinor, currency)}`;
  if (savingsMinor < 0) return `${formatMoney(-savingsMinor, currency)} more`;
  return 'Same price';
}

function words(value: string | null): string | null {
  return value ? value.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase()) : null;
}

/** The results of `/new-search/:requestId/:slug`: runs the comparison, or reloads a saved one. */
export function ComparisonResults({ requestId }: { requestId: string }) {
  const record = readProductRequest(requestId);
  const canLoadSaved = !record && UUID.test(requestId);
  const run = useCompareProduct(requestId, record?.url ?? null);
  const saved = useComparison(requestId, canLoadSaved);
  const query = record ? run : saved;

  if (!record && !canLoadSaved) {
    return <StoredProductLink requestId={requestId} note="" />;
  }
  const pastedLink = record ? (
    <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">{record.url}</p>
  ) : null;
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3">
        {pastedLink}
        <div role="status" aria-live="polite" className="rounded-lg border px-4 py-6 text-center">
          Comparing prices…
        </div>
      </div>
    );
  }
  if (query.isError) {
    if (!record && query.error instanceof ApiError && query.error.status === 404) {
      return <StoredProductLink requestId={requestId} note="" />;
    }
    return (
      <div className="flex flex-col gap-3">
        {pastedLink}
        <Alert variant="destructive" role="alert">
          <AlertTitle>We could not compare this product</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3">
            <p>{toErrorMessage(query.error, 'The comparison failed. Please try again.')}</p>
            <Button
              variant="outline"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  return <ComparisonView result={query.data} />;
}

export function ComparisonView({ result }: { result: CompareResponse }) {
  const { product, sameProduct, alternatives, notice } = result;
  return (
    <div className="flex flex-col gap-6">
      {notice ? (
        <Alert>
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardDescription>Your product at {product.retailerName}</CardDescription>
          <CardTitle>{product.title}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-lg font-semibold">
            {price(product.priceMinor, product.currency)}
          </span>
          <a
            href={product.url}
            target="_blank"
            rel={OFFER_LINK_REL}
            className="text-primary underline"
          >
            View at {product.retailerName}
          </a>
        </CardContent>
      </Card>

      <section aria-labelledby="same-product-heading" className="flex flex-col gap-3">
        <h2 id="same-product-heading" className="text-xl font-semibold">
          Same product elsewhere
        </h2>
        {sameProduct.length === 0 ? (
          <EmptyState
            title="No other retailer has this product"
            description="We did not find this exact product at another retailer we compare."
            actions={
              <Link to="/" className={buttonVariants({ variant: 'outline' })}>
                Compare another product
              </Link>
            }
          />
        ) : (
          <OfferList
            label="Same product elsewhere"
            offers={sameProduct}
            whyLabel="Why we think it matches"
          />
        )}
      </section>

      {alternatives.length > 0 ? (
        <section aria-labelledby="alternatives-heading" className="flex flex-col gap-3">
          <h2 id="alternatives-heading" className="text-xl font-semibold">
            Similar products
          </h2>
          <OfferList label="Similar products" offers={alternatives} whyLabel="Why it is similar" />
        </section>
      ) : null}
    </div>
  );
}

function OfferList({
  label,
  offers,
  whyLabel,
}: {
  label: string;
  offers: ComparedOffer[];
  whyLabel: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {offers.map((offer) => {
        const savings = savingsText(offer.savingsMinor, offer.currency);
        const availability = words(offer.availability);
        const condition =
          offer.condition && offer.condition !== 'new' ? words(offer.condition) : null;
        return (
          <li key={offer.offerId} className="rounded-lg border p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-medium">{offer.retailerName}</p>
              <p className="text-lg font-semibold">{price(offer.priceMinor, offer.currency)}</p>
            </div>
            <a
              href={offer.url}
              target="_blank"
              rel={OFFER_LINK_REL}
              className="text-sm text-primary underline"
            >
              {offer.title}
            </a>
            <p className="mt-1 flex flex-wrap gap-3 text-sm text-muted-foreground">
              {savings ? (
                <span className={offer.savingsMinor! > 0 ? 'font-medium text-foreground' : ''}>
                  {savings}
                </span>
              ) : null}
              {availability ? <span>{availability}</span> : null}
              {condition ? <span>{condition}</span> : null}
            </p>
            {offer.reasons.length > 0 ? (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer">{whyLabel}</summary>
                <ul className="mt-1 list-disc pl-5">
                  {offer.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
