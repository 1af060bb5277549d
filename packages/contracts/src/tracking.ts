import { z } from 'zod';
import { isWithinReportDays, REPORT_FIRST_DAY, REPORT_LAST_DAY } from './dashboard.ts';
import { pageNumberSchema, searchTextSchema } from './search-page.ts';

/**
 * Merchant tracking (spec §1 "Business accounts … attribution, plus a journey view", §7 the
 * referral-tracking and track-event calls; research §1.5, §4.3): merchant domains and API keys,
 * the referral-tracking call, browser events from ipick's snippet, server-to-server conversions,
 * attribution and journeys.
 */

// ---- Shared pieces ----

/** A merchant's web address: lower case, no scheme or path, `www.` dropped, an optional port. */
export const trackedDomainSchema = z
  .string({ message: 'Enter a shop domain' })
  .trim()
  .toLowerCase()
  .transform((value) =>
    value
      .replace(/^https?:\/\//, '')
      .replace(/[/?#].*$/, '')
      .replace(/^www\./, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'Enter a shop domain')
      .max(253, 'Domains are at most 253 characters')
      .regex(
        // A DNS name with a top-level domain (or localhost, or an IPv4 address for local tests),
        // and an optional port: an `Origin` carries the port.
        /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?$/,
        'Enter a domain such as shop.example.com',
      ),
  );

/** Ids the merchant side passes back: referral ids (`aff_…`), visitor and session ids. */
const trackingIdSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may only contain letters, digits and _ . : -');

const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).optional().nullable();

/**
 * The ISO 4217 codes this runtime knows (its ICU data), or null where it cannot list them: a
 * made-up or mistyped code (`USS`, `XYZ`) would count as a currency of its own, apart from the
 * shop's others, in every figure.
 */
const knownCurrencies: ReadonlySet<string> | null =
  typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;

/** ISO 4217 code, e.g. `USD`. */
export const currencyCodeSchema = z
  .string({ message: 'add the ISO 4217 currency code, e.g. USD' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
  .superRefine((code, context) => {
    if (!/^[A-Z]{3}$/.test(code) || knownCurrencies === null || knownCurrencies.has(code)) return;
    context.addIssue({
      code: 'custom',
      message: `${code} is not an ISO 4217 currency code; use one such as USD`,
    });
  });

/** Largest amount accepted in minor units (ten billion major units of a two-decimal currency). */
export const MAX_CONVERSION_AMOUNT_MINOR = 1_000_000_000_000;

const amountMinorSchema = z
  .number({ message: 'must be a whole number of minor units (cents)' })
  .int('must be a whole number of minor units (cents)')
  .min(0, 'must not be negative')
  .max(MAX_CONVERSION_AMOUNT_MINOR, 'is too large');

// ---- Merchant domains: /api/business/domains ----

/** `POST /api/business/domains` */
export const addDomainRequestSchema = z.object({ domain: trackedDomainSchema });
export type AddDomainRequest = z.infer<typeof addDomainRequestSchema>;

/** The meta tag name and the file path a merchant puts on the shop to prove it is theirs. */
export const SITE_VERIFICATION_META_NAME = 'ipick-site-verification';
export const SITE_VERIFICATION_FILE_PATH = '/.well-known/ipick-verification.txt';

export const merchantDomainSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  /** The business's own domain, given at sign-up; it cannot be removed. */
  isPrimary: z.boolean(),
  verificationToken: z.string(),
  /** Null until verified; only verified domains may send browser events. */
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Ready to paste: the meta tag for the home page, and where the file goes instead. */
  verification: z.object({ metaTag: z.string(), fileUrl: z.string() }),
});
export type MerchantDomain = z.infer<typeof merchantDomainSchema>;

/** `GET /api/business/domains`, primary first. `POST` and `…/:id/verify` answer `{ domain }`. */
export const merchantDomainsResponseSchema = z.object({ domains: z.array(merchantDomainSchema) });

/** A business has at most this many domains. */
export const MAX_MERCHANT_DOMAINS = 20;

// ---- API keys: /api/business/keys ----

export const apiKeyKindSchema = z.enum(['publishable', 'secret'], {
  message: "kind must be 'publishable' or 'secret'",
});
export type ApiKeyKind = z.infer<typeof apiKeyKindSchema>;

/** Prefixes of full keys: publishable keys go in browsers, secret keys stay on servers. */
export const API_KEY_PREFIXES = { publishable: 'pk_live_', secret: 'sk_live_' } as const;

/** A business has at most this many unrevoked keys of each kind. */
export const MAX_ACTIVE_API_KEYS = 5;

/** `POST /api/business/keys` */
export const createApiKeyRequestSchema = z.object({ kind: apiKeyKindSchema });

export const apiKeySchema = z.object({
  id: z.uuid(),
  kind: apiKeyKindSchema,
  /** The start of the key (`sk_live_Ab12`), enough to tell keys apart. */
  prefix: z.string(),
  lastFour: z.string(),
  /**
   * The full key, for publishable keys only: they are printed in every merchant page anyway
   * and the snippet needs them. Secret keys are shown once, when made, and stored as a hash.
   */
  key: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `GET /api/business/keys`: newest first, revoked ones included. */
export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });

/** `POST /api/business/keys` and `…/:id/rotate` (201): the full key, this once. */
export const createdApiKeyResponseSchema = z.object({
  apiKey: apiKeySchema,
  secret: z.string(),
  /** Rotation: the key that was revoked to make way for this one. */
  revokedKeyId: z.uuid().optional(),
});

// ---- Referral-tracking call: POST /api/track/referral (spec §3 "Tracking parameters", §4, §7) ----

/** The landing-address parameter carrying the referral id to the merchant's snippet. */
export const REFERRAL_LANDING_PARAMETER = 'ipick_ref';

const urlSchema = (message: string) =>
  z
    .string({ message })
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, message);

export const referralTrackingRequestSchema = z.object({
  /** `aff_…` from `createReferralId`; made by the server when missing. */
  referralId: trackingIdSchema.optional(),
  businessDomain: trackedDomainSchema,
  targetUrl: urlSchema('must be a full http(s) address on the business domain'),
  sourceUrl: urlSchema('must be a full http(s) address').optional().nullable(),
  productName: optionalText(300),
  /** Accepted for the spec's shape; the click is recorded with the session's shopper instead. */
  userId: optionalText(200),
  utmSource: optionalText(200),
  utmMedium: optionalText(200),
  utmCampaign: optionalText(200),
});
export type ReferralTrackingRequest = z.infer<typeof referralTrackingRequestSchema>;

/**
 * Spec §4 "Referral tracking result". Success: the referral id and the address to send the
 * shopper to (the target with `ipick_ref` added). Failure (400 bad field, 403 suspended
 * merchant, 404 unknown merchant): `success: false` and the error; the shopper still goes to
 * the target (spec §8).
 */
export const referralTrackingResultSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), referralId: z.string(), targetUrl: z.string() }),
  z.object({ success: z.literal(false), error: z.string(), code: z.string() }),
]);
export type ReferralTrackingResult = z.infer<typeof referralTrackingResultSchema>;

// ---- Track-event call: POST /api/track/event (spec §7) ----

export const STANDARD_EVENT_TYPES = ['page_view', 'add_to_cart', 'purchase'] as const;
export const MAX_EVENT_TYPE_LENGTH = 64;
/** The largest `eventData`, as JSON. */
export const MAX_EVENT_DATA_BYTES = 8 * 1024;

/** `page_view`, `add_to_cart`, `purchase`, or the merchant's own name. */
export const eventTypeSchema = z
  .string({ message: 'name the event, e.g. page_view' })
  .trim()
  .min(1, 'name the event, e.g. page_view')
  .max(MAX_EVENT_TYPE_LENGTH, `must be at most ${MAX_EVENT_TYPE_LENGTH} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 _.:-]*$/, 'may only contain letters, digits, spaces and _ . : -');

/** The fields ipick reads from `eventData`; any others are kept as they are. */
export const eventDataSchema = z
  .looseObject({
    timestamp: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 time' })
      .optional()
      .nullable(),
    userId: optionalText(200),
    url: optionalText(2048),
    sessionId: trackingIdSchema.optional().nullable(),
    visitorId: trackingIdSchema.optional().nullable(),
    referralId: trackingIdSchema.optional().nullable(),
    clickId: z.uuid('must be the click id ipick put on the landing address').optional().nullable(),
    orderId: optionalText(200),
    amountMinor: amountMinorSchema.optional().nullable(),
    currency: currencyCodeSchema.optional().nullable(),
  })
  .superRefine((data, context) => {
    if (JSON.stringify(data).length > MAX_EVENT_DATA_BYTES) {
      context.addIssue({
        code: 'custom',
        message: `must be at most ${MAX_EVENT_DATA_BYTES} bytes of JSON`,
      });
    }
  });
export type EventData = z.infer<typeof eventDataSchema>;

/**
 * The body (JSON, or JSON sent as `text/plain` by `navigator.sendBeacon`). The publishable key
 * comes as the `x-ipick-key` header, the `key` query parameter or `publishableKey` here; the
 * request's `Origin` must be a verified domain of the key's business. A `purchase` with
 * `orderId` needs `amountMinor` and `currency` and also records a sale (once per order id).
 */
export const trackEventRequestSchema = z
  .object({
    eventType: eventTypeSchema,
    eventData: eventDataSchema.optional().default({}),
    businessDomain: trackedDomainSchema,
    publishableKey: z.string().max(200).optional(),
  })
  .superRefine((body, context) => {
    if (body.eventType !== 'purchase' || !body.eventData.orderId) return;
    if (body.eventData.amountMinor === undefined || body.eventData.amountMinor === null) {
      context.addIssue({
        code: 'custom',
        path: ['eventData', 'amountMinor'],
        message: 'a purchase with an orderId needs amountMinor',
      });
    }
    if (!body.eventData.currency) {
      context.addIssue({
        code: 'custom',
        path: ['eventData', 'currency'],
        message: 'a purchase with an orderId needs currency',
      });
    }
  });
export type TrackEventRequest = z.infer<typeof trackEventRequestSchema>;

/** 200 on success (spec §7: an OK status means success). */
export const trackEventResponseSchema = z.object({
  success: z.literal(true),
  eventId: z.uuid(),
  /**
   * Set for an event from ipick's own tracking test page: stored for the live list only, left
   * out of every figure, and a purchase records no sale.
   */
  test: z.literal(true).optional(),
  /** Set for a purchase that recorded (or repeated) a sale. */
  conversion: z.object({ id: z.uuid(), duplicate: z.boolean() }).optional(),
});

// ---- Server-to-server conversions: POST /api/conversions (Authorization: Bearer sk_live_…) ----

export const conversionKindSchema = z.enum(['lead', 'sale', 'refund'], {
  message: "kind must be 'lead', 'sale' or 'refund'",
});
export type ConversionKind = z.infer<typeof conversionKindSchema>;

/** The shop's own id of an order or of a refund: a short token, as the shop writes it. */
const merchantIdSchema = (missing: string) =>
  z
    .string({
      // A number (`"orderId": 1001`) was given, not left out: say what is wrong with it.
      error: (issue) =>
        issue.input === undefined ? missing : 'must be a string, e.g. "1001" in quotes',
    })
    .trim()
    .min(1, missing)
    .max(200, 'must be at most 200 characters');

/**
 * The body of `POST /api/conversions` (JSON, `Content-Type: application/json`):
 * - `kind`: `lead`, `sale` or `refund`; `orderId`: the shop's id of the order (or sign-up);
 * - `amountMinor` and `currency`: needed for a sale and a refund; a lead may give both or
 *   neither. A refund is more than 0, in its sale's currency, and all refunds of an order
 *   together are at most the sale's amount;
 * - `refundId` (refunds only): the shop's own id of the refund, so that an order can be
 *   refunded in several parts. Refunds are told apart by order id and refund id; a refund
 *   without one is the order's only refund;
 * - `clickId`, `referralId`, `visitorId`, `sessionId`: the ids that tie the conversion to
 *   ipick's click (a refund inherits its sale's);
 * - `occurredAt`: when it happened, if not now.
 */
export const conversionRequestSchema = z
  .object({
    kind: conversionKindSchema,
    /** The merchant's id of the order (or sign-up, for a lead); a refund names its sale's. */
    orderId: merchantIdSchema('add the order id'),
    /** The merchant's id of this refund; another id is another refund of the same order. */
    refundId: merchantIdSchema('add the refund id, or leave refundId out').optional(),
    amountMinor: amountMinorSchema.optional(),
    currency: currencyCodeSchema.optional(),
    clickId: z.uuid('must be the click id ipick put on the landing address').optional(),
    referralId: trackingIdSchema.optional(),
    visitorId: trackingIdSchema.optional(),
    sessionId: trackingIdSchema.optional(),
    /** When it happened, if not now; late conversions are welcome, future ones are not. */
    occurredAt: z.iso
      .datetime({
        offset: true,
        message: 'must be an ISO 8601 time with its time zone, e.g. 2026-03-01T12:00:00Z',
      })
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.refundId !== undefined && body.kind !== 'refund') {
      context.addIssue({
        code: 'custom',
        path: ['refundId'],
        message: `only a refund has a refundId, not a ${body.kind}`,
      });
    }
    if (body.kind === 'lead') {
      // A lead's value is optional, but an amount without its currency means nothing.
      if (body.amountMinor !== undefined && body.currency === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['currency'],
          message: 'a lead with amountMinor needs currency',
        });
      }
      return;
    }
    if (body.amountMinor === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['amountMinor'],
        message: `a ${body.kind} needs amountMinor`,
      });
    } else if (body.kind === 'refund' && body.amountMinor === 0) {
      context.addIssue({
        code: 'custom',
        path: ['amountMinor'],
        message: 'a refund must be more than 0',
      });
    }
    if (body.currency === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['currency'],
        message: `a ${body.kind} needs currency`,
      });
    }
  });
export type ConversionRequest = z.infer<typeof conversionRequestSchema>;

export const conversionSchema = z.object({
  id: z.uuid(),
  kind: conversionKindSchema,
  orderId: z.string(),
  /** The shop's id of a refund, when it gave one. */
  refundId: z.string().optional(),
  amountMinor: z.number().int(),
  currency: z.string().nullable(),
  clickId: z.string().nullable(),
  referralId: z.string().nullable(),
  visitorId: z.string().nullable(),
  sessionId: z.string().nullable(),
  source: z.enum(['server', 'browser']),
  occurredAt: z.string(),
  receivedAt: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;

/**
 * 201 `{ duplicate: false, conversion }` when recorded; 200 `{ duplicate: true, conversion }`
 * (the one recorded before) when the business already sent this same conversion: the same
 * kind and order id (and refund id), with the same amount and currency. The same order id with
 * other data is a 409 that names what differs.
 */
export const conversionResponseSchema = z.object({
  duplicate: z.boolean(),
  conversion: conversionSchema,
});

// ---- Attribution: /api/business/attribution ----

export const attributionModelSchema = z.enum(
  ['last_click', 'first_click', 'linear', 'position_based'],
  { message: "model must be 'last_click', 'first_click', 'linear' or 'position_based'" },
);
export type AttributionModelName = z.infer<typeof attributionModelSchema>;

/**
 * The attribution window a business may choose, in days. The merchant snippet keeps ipick's
 * referral and click ids for 90 days (`REFERRAL_DAYS` in packages/tracker's tracker-core.ts), so
 * a longer window could not be honoured: a sale after that no longer quotes the ids.
 */
export const ATTRIBUTION_WINDOW_MIN_DAYS = 1;
export const ATTRIBUTION_WINDOW_MAX_DAYS = 90;
const windowRangeMessage = `must be from ${ATTRIBUTION_WINDOW_MIN_DAYS} to ${ATTRIBUTION_WINDOW_MAX_DAYS} days`;

/** `GET` and `PATCH /api/business/attribution/settings` */
export const attributionSettingsSchema = z.object({
  windowDays: z
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(ATTRIBUTION_WINDOW_MIN_DAYS, windowRangeMessage)
    .max(ATTRIBUTION_WINDOW_MAX_DAYS, windowRangeMessage),
  model: attributionModelSchema,
});
export type AttributionSettings = z.infer<typeof attributionSettingsSchema>;
export const updateAttributionSettingsRequestSchema = attributionSettingsSchema.partial();

const timeParameter = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], 'must be an ISO 8601 date or time')
  .refine(isWithinReportDays, `must be from ${REPORT_FIRST_DAY} to ${REPORT_LAST_DAY}`);

/** `GET /api/business/attribution?from&to&model`: by default the last 30 days, every model. */
export const attributionQuerySchema = z.object({
  from: timeParameter.optional(),
  to: timeParameter.optional(),
  model: attributionModelSchema.optional(),
});

/** The most conversions one attribution answer lists (`truncated` says when there were more). */
export const ATTRIBUTION_REPORT_LIMIT = 500;

export const clickCreditSchema = z.object({
  clickId: z.string(),
  referralId: z.string().nullable(),
  occurredAt: z.string(),
  share: z.number(),
  /** The click's share of the sale's amount less its refunds (0 for a lead). */
  amountMinor: z.number().int(),
});

export const attributedConversionSchema = conversionSchema.extend({
  /** For a sale: what its refunds gave back. */
  refundedMinor: z.number().int(),
  credits: z.partialRecord(attributionModelSchema, z.array(clickCreditSchema)),
});

export const attributionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  windowDays: z.number().int(),
  /** The business's chosen model (the one that bills). */
  defaultModel: attributionModelSchema,
  models: z.array(attributionModelSchema),
  conversions: z.array(attributedConversionSchema),
  /** The period had more conversions than listed, or more clicks than one report reads. */
  truncated: z.boolean(),
});
export type AttributionReport = z.infer<typeof attributionReportSchema>;

// ---- Journeys: GET /api/business/journeys?orderId= ----

export const journeyQuerySchema = z.object({
  orderId: z
    .string({ message: 'add the order id' })
    .trim()
    .min(1, 'add the order id')
    .max(200, 'must be at most 200 characters'),
});

export const journeyStepSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('click'),
    id: z.string(),
    /** `referral`: the referral-tracking call; `redirect`: ipick's `/api/redirect`. */
    source: z.enum(['referral', 'redirect']),
    referralId: z.string().nullable(),
    sessionId: z.string().nullable(),
    occurredAt: z.string(),
    targetUrl: z.string(),
    sourceUrl: z.string().nullable(),
    productName: z.string().nullable(),
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
  }),
  z.object({
    type: z.literal('event'),
    id: z.string(),
    eventType: z.string(),
    url: z.string().nullable(),
    referralId: z.string().nullable(),
    sessionId: z.string().nullable(),
    visitorId: z.string().nullable(),
    occurredAt: z.string(),
  }),
  z.object({ type: z.literal('conversion') }).extend(conversionSchema.shape),
]);
export type JourneyStepView = z.infer<typeof journeyStepSchema>;

/**
 * The steps in time order (the shopper's other conversions included), and the credit of each
 * lead and sale under every model; `conversionId` names its conversion step.
 */
export const journeyResponseSchema = z.object({
  orderId: z.string(),
  windowDays: z.number().int(),
  steps: z.array(journeyStepSchema),
  attribution: z.array(
    z.object({
      conversionId: z.string(),
      /** For a sale: what its refunds gave back (credit is on the rest). */
      refundedMinor: z.number().int(),
      credits: z.partialRecord(attributionModelSchema, z.array(clickCreditSchema)),
    }),
  ),
});
export type JourneyResponse = z.infer<typeof journeyResponseSchema>;

// ---- Recent journeys: GET /api/business/journeys/recent?query=&page= ----

export const RECENT_JOURNEYS_PAGE_SIZE = 20;

export const recentJourneysQuerySchema = z.object({
  /** Part of an order id; empty lists the latest orders. */
  query: searchTextSchema,
  page: pageNumberSchema,
});
export type RecentJourneysQuery = z.input<typeof recentJourneysQuerySchema>;

/** One order (or sign-up) and the pseudonymous shopper who made it, newest first. */
export const journeySummarySchema = z.object({
  orderId: z.string(),
  kinds: z.array(conversionKindSchema),
  /** The sale's amount (0 for a lead), and what refunds gave back. */
  amountMinor: z.number().int(),
  refundedMinor: z.number().int(),
  currency: z.string().nullable(),
  /** The snippet's visitor id or ipick's session id: a random id, never a name or an email. */
  shopperId: z.string().nullable(),
  /**
   * Whether the shop sent the order with the referral or click id of a click ipick recorded
   * for it (a made-up id does not count).
   */
  quotesReferral: z.boolean(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

export const recentJourneysResponseSchema = z.object({
  items: z.array(journeySummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type RecentJourneysResponse = z.infer<typeof recentJourneysResponseSchema>;

// ---- Recent events: GET /api/business/events?limit= (the tracking test pages' live view) ----

export const businessEventsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .default(50),
});

export const businessEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  eventData: z.record(z.string(), z.unknown()),
  occurredAt: z.string(),
  receivedAt: z.string(),
  sessionId: z.string().nullable(),
  url: z.string().nullable(),
  referralId: z.string().nullable(),
  /** The event carried the referral or click id of a click ipick recorded for the business. */
  attributed: z.boolean(),
  /** Sent from ipick's tracking test page: shown here, counted nowhere. */
  isTest: z.boolean(),
});
export type BusinessEvent = z.infer<typeof businessEventSchema>;

/** Newest first. */
export const businessEventsResponseSchema = z.object({ events: z.array(businessEventSchema) });
export type BusinessEventsResponse = z.infer<typeof businessEventsResponseSchema>;
