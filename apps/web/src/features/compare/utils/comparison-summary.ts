import type { ComparedOffer, ComparedProduct } from '@ipick/contracts';
import { formatMoney, totalPrice } from '@ipick/core';

/**
 * The one line at the top of the results (issue 19): the answer to "is it cheaper elsewhere?",
 * worked out from the same-product offers shown (their total price: price plus shipping).
 */
export function comparisonSummary(
  product: ComparedProduct,
  sameOffers: readonly ComparedOffer[],
  similarCount: number,
): string {
  const shops = new Set(sameOffers.map((offer) => offer.retailer)).size;
  if (sameOffers.length === 0) {
    return similarCount > 0
      ? `We didn't find this exact product at another shop — ${similarCount === 1 ? 'one similar product is' : `${String(similarCount)} similar products are`} below`
      : "We didn't find this product at another shop";
  }

  const currency = product.currency;
  const comparable = sameOffers
    .map((offer) => ({ offer, total: totalPrice(offer) }))
    .filter(
      (entry): entry is { offer: ComparedOffer; total: NonNullable<typeof entry.total> } =>
        entry.total !== null && (currency === null || entry.total.currency === currency),
    )
    .sort(
      (a, b) =>
        a.total.amountMinor - b.total.amountMinor ||
        Number(b.total.isShippingKnown) - Number(a.total.isShippingKnown),
    );
  const best = comparable[0];
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
  if (saving === 0) return 'You already have the lowest price we found';
  return `We found this product at ${shopsText(shops)}, all more expensive`;
}

function shopsText(count: number): string {
  return count === 1 ? 'one other shop' : `${String(count)} other shops`;
}
