import type { ComparedOffer, MatchTierValue } from '@ipick/contracts';
import type { RenderFavorite } from './favorite-slot';
import { OfferCard, type RenderOfferExtras } from './offer-card';

interface OfferListProps {
  /** The list's accessible name. */
  label: string;
  requestId: string;
  offers: readonly ComparedOffer[];
  /** How the offers of this list are shown. */
  tier: MatchTierValue;
  renderFavorite?: RenderFavorite;
  renderExtras?: RenderOfferExtras;
}

/** Offers at other retailers, in the order given. */
export function OfferList({
  label,
  requestId,
  offers,
  tier,
  renderFavorite,
  renderExtras,
}: OfferListProps) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {offers.map((offer) => (
        <OfferCard
          key={offer.offerId}
          requestId={requestId}
          offer={offer}
          tier={tier}
          renderFavorite={renderFavorite}
          renderExtras={renderExtras}
        />
      ))}
    </ul>
  );
}
