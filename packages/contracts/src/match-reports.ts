import { z } from 'zod';

// ---- Reports of a wrong match (issue 18, "In the product") ----

/** A shopper's note on a report: optional, at most this many characters. */
export const MATCH_REPORT_NOTE_MAX_LENGTH = 500;
/** Reports per hour (and notes added per hour): signed out per address, signed in per account. */
export const MATCH_REPORTS_PER_HOUR_PER_ADDRESS = 10;
export const MATCH_REPORTS_PER_HOUR_PER_ACCOUNT = 30;
/** A note can be added to a report this long after it was made. */
export const MATCH_REPORT_NOTE_WINDOW_MINUTES = 60;
/** Rows per page of the admins' queue. */
export const MATCH_REPORTS_PAGE_SIZE = 25;

/**
 * Control characters other than a line break, the Unicode line separators, and the marks that
 * reorder text on screen: a note is shown to admins as written, so it must read as what it is.
 */
const UNSAFE_NOTE_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/u;

/** The optional note: line breaks allowed (Windows ones become `\n`), empty meaning none. */
export const matchReportNoteSchema = z
  .string({ message: 'the note must be text' })
  .transform((note) => note.replace(/\r\n?/g, '\n'))
  .refine(
    (note) => !UNSAFE_NOTE_CHARACTERS.test(note),
    'the note may not contain control characters or text-direction marks',
  )
  .transform((note) => note.trim())
  .refine(
    (note) => note.length <= MATCH_REPORT_NOTE_MAX_LENGTH,
    `the note is at most ${MATCH_REPORT_NOTE_MAX_LENGTH} characters`,
  );

/**
 * `POST /api/match-reports`: "this listing is not the same product". The listing is named by the
 * comparison it was shown in and its offer id; the server takes the titles, links, score and
 * tier from that comparison as it was shown, never from the request.
 */
export const createMatchReportRequestSchema = z.object({
  requestId: z.uuid({ message: 'requestId must be the id of a comparison' }),
  offerId: z.uuid({ message: 'offerId must be the id of a listing in the comparison' }),
  note: matchReportNoteSchema
    .nullable()
    .optional()
    .transform((note) => (note ? note : null)),
});
export type CreateMatchReportRequest = z.input<typeof createMatchReportRequestSchema>;

/** `PATCH /api/match-reports/:id`: the reporter adds (or changes) the note of a pending report. */
export const updateMatchReportNoteRequestSchema = z.object({
  note: matchReportNoteSchema.transform((note) => (note ? note : null)),
});
export type UpdateMatchReportNoteRequest = z.input<typeof updateMatchReportNoteRequestSchema>;

export const matchReportIdParamsSchema = z.object({
  id: z.uuid({ message: 'id must be the id of a report' }),
});

export const MATCH_REPORT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const matchReportStatusSchema = z.enum(MATCH_REPORT_STATUSES, {
  message: 'status must be pending, confirmed or rejected',
});
export type MatchReportStatus = z.infer<typeof matchReportStatusSchema>;

/**
 * How the comparison presented the listing when it was reported: the same product, probably the
 * same (check the details), or a similar product (names of the matcher's `MatchTier`).
 */
export const REPORTED_TIERS = ['same', 'probable', 'similar'] as const;
export const reportedTierSchema = z.enum(REPORTED_TIERS);
export type ShownMatchTier = z.infer<typeof reportedTierSchema>;

/** What the shopper gets back: enough to add a note, and to say it was received. */
export const matchReportReceiptSchema = z.object({
  id: z.uuid(),
  status: matchReportStatusSchema,
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type MatchReportReceipt = z.infer<typeof matchReportReceiptSchema>;

export const matchReportReceiptResponseSchema = z.object({ report: matchReportReceiptSchema });

/** One listing of a reported pair, as the shopper saw it. */
export const reportedListingSchema = z.object({
  offerId: z.string().nullable(),
  title: z.string(),
  brand: z.string().nullable(),
  retailerName: z.string(),
  url: z.string(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type ReportedListing = z.infer<typeof reportedListingSchema>;

/** A report in the admins' queue. */
export const adminMatchReportSchema = z.object({
  id: z.uuid(),
  status: matchReportStatusSchema,
  /** The product the shopper pasted. */
  pasted: reportedListingSchema,
  /** The listing the comparison matched to it. */
  offer: reportedListingSchema,
  /** 0..1, the confidence the comparison showed. */
  score: z.number(),
  tier: reportedTierSchema,
  reasons: z.array(z.string()),
  note: z.string().nullable(),
  /** Whether a signed-in shopper made it (who is not shown). */
  bySignedInShopper: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type AdminMatchReport = z.infer<typeof adminMatchReportSchema>;

export const adminMatchReportsQuerySchema = z.object({
  status: matchReportStatusSchema.default('pending'),
  page: z.coerce
    .number({ message: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(10_000, 'page is at most 10000')
    .default(1),
});
export type AdminMatchReportsQuery = z.input<typeof adminMatchReportsQuerySchema>;

/** `GET /api/admin/match-reports?status=&page=`: oldest pending first; reviewed newest first. */
export const adminMatchReportsResponseSchema = z.object({
  items: z.array(adminMatchReportSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  counts: z.object({ pending: z.number(), confirmed: z.number(), rejected: z.number() }),
});
export type AdminMatchReportsResponse = z.infer<typeof adminMatchReportsResponseSchema>;

export const adminMatchReportResponseSchema = z.object({ report: adminMatchReportSchema });
