/**
 * What a shopper pays: the price plus shipping (issue 19 "Total price everywhere it matters").
 * Offers are ranked and compared by it in the pasted product's currency; ipick converts no
 * currency, so an offer in another one is never called cheaper or dearer.
 */

/** A listing's price as the catalog holds it. */
export interface PricedListing {
  priceMinor: number | null;
  /** Shipping in minor units (0: free); null or absent when the shop does not say. */
  shippingMinor?: number | null;
  currency: string | null;
}

export interface TotalPrice {
  /** Price plus shipping; the price alone when shipping is unknown. */
  amountMinor: number;
  currency: string;
  isShippingKnown: boolean;
}

/** The listing's total, or null when its price or currency is unknown. */
export function totalPrice(listing: PricedListing): TotalPrice | null {
  if (listing.priceMinor === null || !listing.currency) return null;
  const isShippingKnown = listing.shippingMinor !== null && listing.shippingMinor !== undefined;
  return {
    amountMinor: listing.priceMinor + (isShippingKnown ? listing.shippingMinor! : 0),
    currency: listing.currency.toUpperCase(),
    isShippingKnown,
  };
}

/**
 * How much less `offer` costs than `pasted`, totals against totals (negative: how much more), in
 * the pasted product's currency; null when either price is unknown or the currencies differ.
 */
export function totalSavings(pasted: PricedListing, offer: PricedListing): number | null {
  const mine = totalPrice(pasted);
  const theirs = totalPrice(offer);
  if (!mine || !theirs || mine.currency !== theirs.currency) return null;
  return mine.amountMinor - theirs.amountMinor;
}

/** Ranks for `compareByTotal`: comparable totals, then other currencies, then unknown prices. */
function rankOf(total: TotalPrice | null, currency: string | null): number {
  if (total === null) return 2;
  return currency === null || total.currency === currency.toUpperCase() ? 0 : 1;
}

/**
 * Orders listings lowest total first, for a comparison in `currency` (the pasted product's; null
 * when unknown, and then every priced listing is comparable). A total with unknown shipping comes
 * after a known total of the same amount, since it can only grow; listings in another currency
 * come after all comparable ones, and listings without a price last. Ties return 0, so a stable
 * sort keeps their order.
 */
export function compareByTotal(
  a: PricedListing,
  b: PricedListing,
  currency: string | null,
): number {
  const totalA = totalPrice(a);
  const totalB = totalPrice(b);
  const rank = rankOf(totalA, currency) - rankOf(totalB, currency);
  if (rank !== 0 || totalA === null || totalB === null) return rank;
  if (totalA.currency !== totalB.currency) return totalA.currency.localeCompare(totalB.currency);
  return (
    totalA.amountMinor - totalB.amountMinor ||
    Number(totalB.isShippingKnown) - Number(totalA.isShippingKnown)
  );
}

/** The currency a shop's country domain prices in (`amazon.co.uk` → GBP); null for `.com` and others. */
export function currencyOfHost(host: string): string | null {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  for (const [suffix, currency] of COUNTRY_CURRENCIES)
    if (name === suffix.slice(1) || name.endsWith(suffix)) return currency;
  return null;
}

/** Country domains and their currencies; longer suffixes first (`.com.au` before `.au`). */
const COUNTRY_CURRENCIES: readonly (readonly [string, string])[] = [
  ['.co.uk', 'GBP'],
  ['.com.au', 'AUD'],
  ['.com.mx', 'MXN'],
  ['.com.br', 'BRL'],
  ['.com.tr', 'TRY'],
  ['.com.be', 'EUR'],
  ['.com.sg', 'SGD'],
  ['.com.hk', 'HKD'],
  ['.com.my', 'MYR'],
  ['.co.jp', 'JPY'],
  ['.co.za', 'ZAR'],
  ['.co.nz', 'NZD'],
  ['.uk', 'GBP'],
  ['.ie', 'EUR'],
  ['.de', 'EUR'],
  ['.fr', 'EUR'],
  ['.it', 'EUR'],
  ['.es', 'EUR'],
  ['.nl', 'EUR'],
  ['.be', 'EUR'],
  ['.at', 'EUR'],
  ['.fi', 'EUR'],
  ['.pt', 'EUR'],
  ['.ch', 'CHF'],
  ['.se', 'SEK'],
  ['.dk', 'DKK'],
  ['.no', 'NOK'],
  ['.pl', 'PLN'],
  ['.ca', 'CAD'],
  ['.au', 'AUD'],
  ['.nz', 'NZD'],
  ['.jp', 'JPY'],
  ['.in', 'INR'],
  ['.mx', 'MXN'],
  ['.br', 'BRL'],
  ['.sg', 'SGD'],
  ['.ae', 'AED'],
  ['.sa', 'SAR'],
  ['.eg', 'EGP'],
  ['.cn', 'CNY'],
  ['.ph', 'PHP'],
];
