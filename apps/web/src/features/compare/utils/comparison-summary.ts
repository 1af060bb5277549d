import type { ComparedOffer, ComparedProduct } from '@ipick/contracts';
import { formatMoney, totalPrice } from '@ipick/core';

/**
 * The one line at the top of the results (issue 19): the answer to "is it cheaper elsewhere?",
 * worked out from the same-product offers shown (their total price: price plus shipping).
 */
export function comparisonSummary(
  product: ComparedProduct,
  sameOffers: readonly ComparedOffer[],
  similarOffers: readonly ComparedOffer[],
  probableOffers: readonly ComparedOffer[] = [],
): string {
  const shops = new Set(sameOffers.map((offer) => offer.retailer)).size;
  if (sameOffers.length === 0 && probableOffers.length > 0) {
    // Listings that match by name only: found, but not claimed to be the very product.
    const count = probableOffers.length;
    const found = `${count === 1 ? 'One listing is' : `${String(count)} listings are`} probably this product — check the details`;
    const lowest = lowestTotal(probableOffers, product.currency);
    if (!lowest) return found;
    const shipping = lowest.total.isShippingKnown ? 'with shipping' : 'before shipping';
    return `${found}; the lowest is ${formatMoney(lowest.total.amountMinor, lowest.total.currency)} at ${lowest.offer.retailerName} ${shipping}`;
  }
  if (sameOffers.length === 0) {
    // The very product in another condition (new for a refurbished link) is not "not found".
    const otherCondition = similarOffers.filter(isOnlyOtherCondition).length;
    if (otherCondition > 0) {
      const condition =
        product.condition && product.condition !== 'new' ? product.condition : 'new';
      return `We didn't find this product ${condition} at another shop — ${countText(otherCondition, 'offer')} of it in another condition ${otherCondition === 1 ? 'is' : 'are'} below`;
    }
    return similarOffers.length > 0
      ? `We didn't find this exact product at another shop — ${countText(similarOffers.length, 'similar product')} ${similarOffers.length === 1 ? 'is' : 'are'} below`
      : "We didn't find this product at another shop";
  }

  const best = lowestTotal(sameOffers, product.currency);
  if (!best) return `We found this product at ${shopsText(shops)}, without prices we can compare`;

  const bestText = `${formatMoney(best.total.amountMinor, best.total.currency)} at ${best.offer.retailerName}`;
  const shipping = best.total.isShippingKnown ? 'with shipping' : 'before shipping';
  const mine = totalPrice(product);
  if (!mine || mine.currency !== best.total.currency) {
    return `Lowest price we found: ${bestText} ${shipping}`;
  }
  const saving = mine.amountMinor - best.total.amountMinor;
  if (saving > 0) {
    const percent = Math.round((saving / mine.amountMinor) * 100);
    const share = percent >= 1 ? `${String(percent)}%` : 'less than 1%';
    return `Best price: ${bestText} — save ${formatMoney(saving, mine.currency)} (${share}) ${shipping}`;
  }
  if (!mine.isShippingKnown) {
    // The pasted shop's total is its price plus a shipping cost nobody told us: the other shops
    // are dearer than its price, not surely dearer than what the shopper would pay there.
    const gap = saving === 0 ? 'the same as' : `${formatMoney(-saving, mine.currency)} more than`;
    return `Lowest price elsewhere: ${bestText} ${shipping} — ${gap} at ${product.retailerName}, whose shipping is unknown`;
  }
  if (saving === 0) return 'You already have the lowest price we found';
  return `We found this product at ${shopsText(shops)}, all more expensive`;
}

/**
 * The offer with the lowest total (price plus shipping) in the pasted product's currency; of
 * equal totals, one whose shipping is known.
 */
function lowestTotal(offers: readonly ComparedOffer[], currency: string | null) {
  return offers
    .map((offer) => ({ offer, total: totalPrice(offer) }))
    .filter(
      (entry): entry is { offer: ComparedOffer; total: NonNullable<typeof entry.total> } =>
        entry.total !== null && (currency === null || entry.total.currency === currency),
    )
    .sort(
      (a, b) =>
        a.total.amountMinor - b.total.amountMinor ||
        Number(b.total.isShippingKnown) - Number(a.total.isShippingKnown),
    )[0];
}

/** The pasted product itself, in another condition: its only difference is its condition. */
function isOnlyOtherCondition(offer: ComparedOffer): boolean {
  const differences = offer.differences ?? [];
  return (
    offer.evidenceTier !== undefined &&
    offer.evidenceTier !== 'similar' &&
    differences.length > 0 &&
    differences.every((difference) => difference.kind === 'condition')
  );
}

/** "one offer", "3 offers". */
function countText(count: number, noun: string): string {
  return count === 1 ? `one ${noun}` : `${String(count)} ${noun}s`;
}

function shopsText(count: number): string {
  return count === 1 ? 'one other shop' : `${String(count)} other shops`;
}
