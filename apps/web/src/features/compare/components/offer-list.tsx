import type { ComparedOffer } from '@ipick/contracts';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { humanize, matchText, priceText, savingsText, shippingText } from '../utils/offer-text';
import type { RenderFavorite } from './favorite-slot';
import { OutboundLink } from './offer-link';

interface OfferListProps {
  /** The list's accessible name. */
  label: string;
  requestId: string;
  offers: readonly ComparedOffer[];
  /** The summary that opens an offer's match reasons. */
  whyLabel: string;
  /**
   * Whether to badge each offer's saving against the pasted product. Only for the same product:
   * "Save $255" on a different model reads as a saving on the shopper's own product.
   */
  showSavings: boolean;
  renderFavorite?: RenderFavorite;
}

/** Offers at other retailers, in the order given. */
export function OfferList({
  label,
  requestId,
  offers,
  whyLabel,
  showSavings,
  renderFavorite,
}: OfferListProps) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {offers.map((offer) => (
        <OfferItem
          key={offer.offerId}
          requestId={requestId}
          offer={offer}
          whyLabel={whyLabel}
          showSavings={showSavings}
          renderFavorite={renderFavorite}
        />
      ))}
    </ul>
  );
}

function OfferItem({
  requestId,
  offer,
  whyLabel,
  showSavings,
  renderFavorite,
}: {
  requestId: string;
  offer: ComparedOffer;
  whyLabel: string;
  showSavings: boolean;
  renderFavorite?: RenderFavorite;
}) {
  const titleId = useId();
  const savings = showSavings ? savingsText(offer.savingsMinor, offer.currency) : null;
  const shipping = shippingText(offer.shippingMinor, offer.currency);
  const availability = humanize(offer.availability);
  // "New" is what a shopper assumes; only the exceptions are worth a label on every offer.
  const condition = offer.condition && offer.condition !== 'new' ? humanize(offer.condition) : null;
  const favorite = renderFavorite?.({
    requestId,
    offerId: offer.offerId,
    url: offer.url,
    title: offer.title,
    describedBy: titleId,
    variant: 'offer',
  });

  return (
    <li className="flex gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-medium">{offer.retailerName}</p>
          <p className="flex flex-col items-end text-lg font-semibold tabular-nums">
            {priceText(offer.priceMinor, offer.currency)}
            {shipping ? (
              <span className="text-xs font-normal text-muted-foreground">{shipping}</span>
            ) : null}
          </p>
        </div>
        <OutboundLink
          target={{ offer }}
          id={titleId}
          className="text-sm break-words text-primary underline underline-offset-4"
        >
          {offer.title}
        </OutboundLink>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {savings ? (
            <Badge variant={offer.savingsMinor! > 0 ? 'success' : 'default'}>{savings}</Badge>
          ) : null}
          {availability ? <span>{availability}</span> : null}
          {condition ? <span>{condition}</span> : null}
          <span>{matchText(offer.confidence)}</span>
        </p>
        {offer.reasons.length > 0 ? (
          <details className="text-sm">
            <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground hover:text-foreground">
              {whyLabel}
            </summary>
            <ul className="mt-1 list-disc pl-5">
              {offer.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      {favorite ? <div className="-mt-1 -mr-1 shrink-0">{favorite}</div> : null}
    </li>
  );
}
