import type { ComparedOffer, MatchTierValue } from '@ipick/contracts';
import { formatMoney, totalPrice } from '@ipick/core';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { humanize, priceText, savingsText, shippingText, TIER_LABELS } from '../utils/offer-text';
import type { RenderFavorite } from './favorite-slot';
import { OutboundLink } from './offer-link';

/** What a feature may add to an offer card (a price chart, an alert button), below its reasons. */
export type RenderOfferExtras = (context: { requestId: string; offer: ComparedOffer }) => ReactNode;

interface OfferCardProps {
  requestId: string;
  offer: ComparedOffer;
  /** How the offer is shown; its label is on the card. */
  tier: MatchTierValue;
  renderFavorite?: RenderFavorite;
  renderExtras?: RenderOfferExtras;
}

const WHY_LABELS: Record<MatchTierValue, string> = {
  same: 'Why we think it is the same product',
  probable: 'What to check',
  similar: 'Why it is similar',
};

/**
 * One offer at another retailer: shop, match label, total price (price plus shipping), the
 * product's title as the outbound link, its price difference, condition and stock, then why
 * ipick shows it so, the hard difference first. Slots: a favourite button at the top right,
 * extras (chart, alert) at the bottom.
 */
export function OfferCard({
  requestId,
  offer,
  tier,
  renderFavorite,
  renderExtras,
}: OfferCardProps) {
  const titleId = useId();
  const total = totalPrice(offer);
  const savings = savingsText(offer.savingsMinor, offer.currency, tier !== 'similar');
  const availability = humanize(offer.availability);
  // "New" is what a shopper assumes; only the exceptions are worth a label on every offer.
  const condition = offer.condition && offer.condition !== 'new' ? humanize(offer.condition) : null;
  const difference = tier === 'similar' ? (offer.differences?.[0]?.text ?? null) : null;
  const favorite = renderFavorite?.({
    requestId,
    offerId: offer.offerId,
    url: offer.url,
    title: offer.title,
    describedBy: titleId,
    variant: 'offer',
  });
  const extras = renderExtras?.({ requestId, offer });

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex gap-2 rounded-lg border border-border bg-card p-4"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-medium">{offer.retailerName}</p>
              {tier === 'probable' ? (
                <Badge variant="warning" className="self-start whitespace-normal">
                  {TIER_LABELS.probable}
                </Badge>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end text-right">
              <p className="text-lg leading-tight font-semibold tabular-nums">
                {total ? formatMoney(total.amountMinor, total.currency) : priceText(null, null)}
              </p>
              <p className="text-xs text-muted-foreground">
                {total && offer.shippingMinor ? (
                  <>
                    {priceText(offer.priceMinor, offer.currency)}{' '}
                    {shippingText(offer.shippingMinor, offer.currency)}
                  </>
                ) : (
                  shippingText(offer.shippingMinor, offer.currency)
                )}
              </p>
            </div>
          </div>
          <OutboundLink
            target={{ offer }}
            id={titleId}
            className="text-sm break-words text-primary underline underline-offset-4"
          >
            {offer.title}
          </OutboundLink>
          {difference ? <p className="text-sm font-medium">{difference}</p> : null}
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {savings ? (
              <Badge
                variant={offer.savingsMinor! > 0 && tier !== 'similar' ? 'success' : 'default'}
              >
                {savings}
              </Badge>
            ) : null}
            {condition ? <Badge variant="warning">{condition}</Badge> : null}
            {availability ? <span>{availability}</span> : null}
          </p>
          {offer.reasons.length > 0 ? (
            <details className="text-sm">
              <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground hover:text-foreground">
                {WHY_LABELS[tier]}
              </summary>
              <ul className="mt-1 list-disc pl-5">
                {offer.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {extras ? <div className="mt-1 flex flex-col gap-2">{extras}</div> : null}
        </div>
        {favorite ? <div className="-mt-1 -mr-1 shrink-0">{favorite}</div> : null}
      </article>
    </li>
  );
}
