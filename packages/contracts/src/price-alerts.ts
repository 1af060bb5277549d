import { z } from 'zod';

/** A shopper holds at most this many price-drop alerts; making more is refused with a message. */
export const PRICE_ALERTS_LIMIT = 50;

/** The highest mark an alert takes: $1,000,000 (or as much in another currency), in minor units. */
export const PRICE_ALERT_MAX_TARGET_MINOR = 100_000_000;

const targetMinorSchema = z
  .number({ message: 'targetMinor must be a price in cents' })
  .int('targetMinor must be a whole number of cents')
  .min(1, 'targetMinor must be more than 0')
  .max(PRICE_ALERT_MAX_TARGET_MINOR, 'targetMinor can be at most 1,000,000.00');

/**
 * `POST /api/price-alerts`: tell the shopper when an offer's total price (price plus known
 * shipping) is at or below `targetMinor`, in the offer's currency. Asking again for the same
 * offer moves the mark.
 */
export const createPriceAlertRequestSchema = z.object({
  offerId: z.uuid({ message: 'offerId must be the id of an offer' }),
  targetMinor: targetMinorSchema,
  /** The results page the alert was made on, to open the comparison again from the list. */
  path: z
    .string()
    .max(600, 'path is too long')
    .regex(/^\/new-search\/[^\s]+$/, 'path must be a results page (/new-search/…)')
    .optional(),
});
export type CreatePriceAlertRequest = z.infer<typeof createPriceAlertRequestSchema>;

/** `PATCH /api/price-alerts/:id`: pause or resume an alert, or move its mark. */
export const updatePriceAlertRequestSchema = z
  .object({
    isPaused: z.boolean({ message: 'isPaused must be true or false' }).optional(),
    targetMinor: targetMinorSchema.optional(),
  })
  .refine((body) => body.isPaused !== undefined || body.targetMinor !== undefined, {
    message: 'Send isPaused or targetMinor',
  });
export type UpdatePriceAlertRequest = z.infer<typeof updatePriceAlertRequestSchema>;

export const priceAlertSchema = z.object({
  id: z.uuid(),
  offerId: z.uuid(),
  title: z.string(),
  retailerName: z.string(),
  /** The offer's page at the shop. */
  url: z.string(),
  /** The comparison it was made on, when known. */
  path: z.string().nullable(),
  targetMinor: z.number().int(),
  currency: z.string(),
  /** The offer's price plus known shipping now; null when the shop shows no price. */
  currentTotalMinor: z.number().int().nullable(),
  isPaused: z.boolean(),
  /**
   * False after the alert fired, until the price has gone back above the mark: one email per
   * drop, never one per import.
   */
  isArmed: z.boolean(),
  fireCount: z.number().int(),
  lastFiredAt: z.string().nullable(),
  lastFiredTotalMinor: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

/** `GET /api/price-alerts`: newest first. */
export const priceAlertsResponseSchema = z.object({ items: z.array(priceAlertSchema) });
export type PriceAlertsResponse = z.infer<typeof priceAlertsResponseSchema>;

/** The emailed unsubscribe link's token (`/alerts/unsubscribe?token=…`). */
export const priceAlertUnsubscribeSchema = z.object({
  token: z
    .string({ message: 'token is missing' })
    .trim()
    .min(1, 'token is missing')
    .max(200, 'token is not valid'),
});

/** `GET /api/price-alerts/unsubscribe?token=`: what the link would stop, without signing in. */
export const priceAlertUnsubscribeInfoSchema = z.object({
  title: z.string(),
  retailerName: z.string(),
  targetMinor: z.number().int(),
  currency: z.string(),
});
export type PriceAlertUnsubscribeInfo = z.infer<typeof priceAlertUnsubscribeInfoSchema>;

/** `GET /api/offers/:offerId/price-history`: the prices an offer was seen at, oldest first. */
export const priceHistorySchema = z.object({
  offerId: z.uuid(),
  currency: z.string().nullable(),
  points: z.array(z.object({ at: z.string(), priceMinor: z.number().int() })),
  /** The lowest price of the last 90 days and when it was first seen; null without points. */
  lowest90Days: z.object({ at: z.string(), priceMinor: z.number().int() }).nullable(),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;
