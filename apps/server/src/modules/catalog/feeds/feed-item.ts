import { normalizeGtin, parsePrice } from '@ipick/core';
import type { Availability, Condition, OfferInput } from '../catalog-types.ts';
import type { RawFeedItem } from './feed-readers.ts';

export type FeedItemResult =
  { ok: true; offer: OfferInput } | { ok: false; id: string | null; reasons: string[] };

const availabilityWords: Record<string, Availability> = {
  'in stock': 'in_stock',
  in_stock: 'in_stock',
  'out of stock': 'out_of_stock',
  out_of_stock: 'out_of_stock',
  preorder: 'preorder',
  'pre-order': 'preorder',
  backorder: 'backorder',
  'limited availability': 'limited',
  discontinued: 'discontinued',
};
const conditions: Record<string, Condition> = {
  new: 'new',
  used: 'used',
  refurbished: 'refurbished',
};

/**
 * Checks one feed item (Google Merchant Center fields) and turns it into an offer, or says
 * every reason it was rejected, by field name.
 */
export function toOffer(item: RawFeedItem): FeedItemResult {
  const reasons: string[] = [];
  const id = item.id?.trim() || null;
  if (!id) reasons.push('id: missing');
  else if (id.length > 200) reasons.push('id: longer than 200 characters');

  const title = item.title?.trim();
  if (!title) reasons.push('title: missing');

  const link = item.link?.trim();
  let url: string | null = null;
  if (!link) reasons.push('link: missing');
  else {
    try {
      const parsed = new URL(link);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        reasons.push('link: must be an http(s) address');
      else url = parsed.href;
    } catch {
      reasons.push(`link: not a valid address (${truncate(link)})`);
    }
  }

  // A sale price, when given, is what shoppers pay.
  const priceText = item.sale_price?.trim() || item.price?.trim();
  const price = priceText ? parsePrice(priceText) : null;
  if (!priceText) reasons.push('price: missing');
  else if (!price) reasons.push(`price: not a price (${truncate(priceText)})`);
  else if (!price.currency) reasons.push(`price: no currency (write it like "12.99 USD")`);

  const availabilityText = item.availability?.trim().toLowerCase();
  const availability = availabilityText ? availabilityWords[availabilityText] : 'in_stock';
  if (availabilityText && !availability)
    reasons.push(`availability: unknown value "${truncate(availabilityText)}"`);

  const conditionText = item.condition?.trim().toLowerCase();
  const condition = conditionText ? conditions[conditionText] : 'new';
  if (conditionText && !condition)
    reasons.push(`condition: unknown value "${truncate(conditionText)}"`);

  const gtinText = item.gtin?.trim();
  const gtin = gtinText ? normalizeGtin(gtinText) : null;
  if (gtinText && !gtin) reasons.push(`gtin: not a valid GTIN (${truncate(gtinText)})`);

  if (reasons.length > 0) return { ok: false, id, reasons };
  return {
    ok: true,
    offer: {
      retailerProductId: id!,
      url: url!,
      title: title!.slice(0, 500),
      brand: item.brand?.trim().slice(0, 200) || null,
      gtin,
      mpn: item.mpn?.trim().slice(0, 100) || null,
      category: (item.google_product_category || item.product_type)?.trim().slice(0, 300) || null,
      imageUrl: httpUrlOrNull(item.image_link),
      priceMinor: price!.amountMinor,
      currency: price!.currency,
      availability: availability ?? 'in_stock',
      condition: condition ?? 'new',
      shippingMinor: null,
    },
  };
}

function httpUrlOrNull(text: string | undefined): string | null {
  if (!text) return null;
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
