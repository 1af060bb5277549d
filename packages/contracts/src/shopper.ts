import { z } from 'zod';

/** One comparison in a signed-in shopper's history (`GET /api/history`). */
export const historyEntrySchema = z.object({
  requestId: z.uuid(),
  /** The link the shopper pasted. */
  url: z.string(),
  /** The results page path to open it again: `/new-search/{requestId}/{slug}`. */
  path: z.string(),
  title: z.string(),
  retailerName: z.string(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  image: z.string().nullable(),
  /**
   * The product's catalog category, from the saved comparison, for the drawing shown without a
   * picture; null when unknown (comparisons made before categories were kept).
   */
  category: z.string().nullable(),
  /** How many other retailers had the same product (the pasted product's own not counted). */
  sameProductCount: z.number().int(),
  alternativesCount: z.number().int(),
  /** ISO time of the comparison (the latest, when the link was compared more than once). */
  comparedAt: z.string(),
  /** How many times the shopper compared this link; the list has one entry per link. */
  compareCount: z.number().int().min(1).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `GET /api/history`: newest first, at most `HISTORY_LIMIT` entries. */
export const historyResponseSchema = z.object({ items: z.array(historyEntrySchema) });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** A shopper keeps at most this many comparisons; older ones drop off. */
export const HISTORY_LIMIT = 200;

/**
 * `POST /api/favorites`: favourite the pasted product of a comparison (no `offerId`) or one of
 * its offers. The server copies title, price and link from the saved comparison.
 */
export const addFavoriteRequestSchema = z.object({
  requestId: z.uuid({ message: 'requestId must be the id of a comparison' }),
  offerId: z.uuid({ message: 'offerId must be the id of an offer in that comparison' }).optional(),
});
export type AddFavoriteRequest = z.infer<typeof addFavoriteRequestSchema>;

export const favoriteSchema = z.object({
  id: z.uuid(),
  /** The comparison it was favourited from, to open the results again. */
  requestId: z.uuid().nullable(),
  path: z.string().nullable(),
  /** The product page at the retailer; a shopper has each link at most once. */
  url: z.string(),
  title: z.string(),
  retailerName: z.string(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  image: z.string().nullable(),
  /**
   * The product's catalog category, from the comparison it was favourited from; null when
   * unknown (older comparisons, or one no longer kept).
   */
  category: z.string().nullable(),
  createdAt: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** `GET /api/favorites`: newest first. */
export const favoritesResponseSchema = z.object({ items: z.array(favoriteSchema) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;

/** A shopper keeps at most this many favourites; adding more is refused with a clear message. */
export const FAVORITES_LIMIT = 500;
