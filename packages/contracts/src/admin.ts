import { z } from 'zod';
import { businessStatusSchema } from './auth.ts';

// ---- The admin area: `/api/admin/*` (spec §1, §2 /admin and /admin/business) ----

/** Rows per page of every admin list. */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_OVERVIEW_MAX_DAYS = 365;
export const ADMIN_OVERVIEW_DEFAULT_DAYS = 30;
/** The window of a business's figures (`GET /api/admin/businesses/:id/figures`). */
export const BUSINESS_FIGURES_DAYS = 30;
export const SUSPENSION_REASON_MAX_LENGTH = 500;
export const AFFILIATE_ID_MAX_LENGTH = 100;

const pageSchema = z.coerce
  .number({ message: 'page must be a whole number' })
  .int('page must be a whole number')
  .min(1, 'page starts at 1')
  .max(10_000, 'page is at most 10000')
  .default(1);

/** A search box: trimmed, at most 200 characters, empty meaning "everything". */
const searchSchema = z
  .string()
  .trim()
  .max(200, 'the search is at most 200 characters')
  .optional()
  .transform((value) => (value ? value : undefined));

/** Every admin list answers with one page of items and how many there are in all. */
function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

// ---- overview ----

export const adminOverviewQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(ADMIN_OVERVIEW_MAX_DAYS, `days must be at most ${ADMIN_OVERVIEW_MAX_DAYS}`)
    .default(ADMIN_OVERVIEW_DEFAULT_DAYS),
});

export const adminFiguresSchema = z.object({
  shoppers: z.number().int(),
  merchants: z.number().int(),
  comparisons: z.number().int(),
  /** Clicks by people: clicks recognised as bots are left out. */
  clicks: z.number().int(),
  /** Leads and sales (refunds are not conversions). */
  conversions: z.number().int(),
});
export type AdminFigures = z.infer<typeof adminFiguresSchema>;

export const adminOverviewDaySchema = adminFiguresSchema.extend({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
});
export type AdminOverviewDay = z.infer<typeof adminOverviewDaySchema>;

/** `GET /api/admin/overview?days=N`: all-time totals and the last N UTC days, oldest first. */
export const adminOverviewResponseSchema = z.object({
  days: z.number().int(),
  totals: adminFiguresSchema,
  /** Sums over `series`. */
  periodTotals: adminFiguresSchema,
  series: z.array(adminOverviewDaySchema),
});
export type AdminOverviewResponse = z.infer<typeof adminOverviewResponseSchema>;

// ---- users ----

export const adminUsersQuerySchema = z.object({
  /** Part of an email address or display name. */
  query: searchSchema,
  page: pageSchema,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
  isDisabled: z.boolean(),
  /** Whether the user runs a business (a merchant account). */
  isMerchant: z.boolean(),
  signedUpAt: z.string(),
  lastActiveAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = pageOf(adminUserSchema);
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** The answer of every user write: the user as it is now. */
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

export const adminIdParamsSchema = z.object({ id: z.uuid('the id in the address is not valid') });

// ---- mail outbox ----

export const adminOutboxQuerySchema = z.object({ page: pageSchema });

export const adminOutboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** `sent` over SMTP, `failed` to send, or `logged` only (no SMTP server configured). */
  status: z.enum(['sent', 'failed', 'logged']),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminOutboxMail = z.infer<typeof adminOutboxMailSchema>;

/** `GET /api/admin/outbox`: newest first. Bodies stay out: they hold sign-in and reset links. */
export const adminOutboxResponseSchema = pageOf(adminOutboxMailSchema);
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>;

// ---- retailers' affiliate ids ----

/**
 * ipick's affiliate id at a retailer: 1-100 letters, digits, `-`, `_` or `.`. Empty or null
 * puts the placeholder back.
 */
export const affiliateIdSchema = z
  .string({ message: 'the affiliate id must be text' })
  .trim()
  .max(AFFILIATE_ID_MAX_LENGTH, `the affiliate id is at most ${AFFILIATE_ID_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9._-]*$/, 'use only letters, digits, "-", "_" and "."')
  .nullable()
  .transform((value) => (value ? value : null));

export const updateRetailerRequestSchema = z.object({ affiliateId: affiliateIdSchema });
export type UpdateRetailerRequest = z.input<typeof updateRetailerRequestSchema>;

export const retailerKeyParamsSchema = z.object({
  key: z.string().min(1).max(100, 'the retailer key is too long'),
});

export const adminRetailerSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The main host, e.g. www.amazon.com. */
  host: z.string(),
  /** The query parameter the id goes in, e.g. `tag` at Amazon. */
  affiliateParam: z.string(),
  /** The id an admin set; null while the placeholder is used. */
  affiliateId: z.string().nullable(),
  /** The id outbound links carry now: the admin's or the placeholder. */
  effectiveAffiliateId: z.string(),
  isPlaceholder: z.boolean(),
  updatedAt: z.string(),
});
export type AdminRetailer = z.infer<typeof adminRetailerSchema>;

export const adminRetailersResponseSchema = z.object({ items: z.array(adminRetailerSchema) });
export type AdminRetailersResponse = z.infer<typeof adminRetailersResponseSchema>;

export const adminRetailerResponseSchema = z.object({ retailer: adminRetailerSchema });

// ---- businesses ----

export const adminBusinessesQuerySchema = z.object({
  status: z
    .union([businessStatusSchema, z.literal('')], {
      message: 'status must be pending, active or suspended',
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Part of the name, shop domain or contact email. */
  query: searchSchema,
  page: pageSchema,
});
export type AdminBusinessesQuery = z.input<typeof adminBusinessesQuerySchema>;

export const adminBusinessSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string(),
  contactEmail: z.string(),
  status: businessStatusSchema,
  suspensionReason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

export const adminBusinessesResponseSchema = pageOf(adminBusinessSchema).extend({
  /** How many businesses are in each status (whatever the filter). */
  counts: z.object({ pending: z.number(), active: z.number(), suspended: z.number() }),
});
export type AdminBusinessesResponse = z.infer<typeof adminBusinessesResponseSchema>;

export const adminBusinessResponseSchema = z.object({ business: adminBusinessSchema });

export const suspendBusinessRequestSchema = z.object({
  reason: z
    .string({ message: 'the reason must be text' })
    .trim()
    .max(
      SUSPENSION_REASON_MAX_LENGTH,
      `the reason is at most ${SUSPENSION_REASON_MAX_LENGTH} characters`,
    )
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type SuspendBusinessRequest = z.input<typeof suspendBusinessRequestSchema>;

/** `GET /api/admin/businesses/:id/figures`: the last 30 days of one business. */
export const adminBusinessFiguresSchema = z.object({
  days: z.number().int(),
  /** Clicks by people (bots left out) that went to the business's shop. */
  clicks: z.number().int(),
  /** Distinct visitors among those clicks. */
  uniqueShoppers: z.number().int(),
  /**
   * ipick's leads and sales, as the merchant's dashboard counts them: those that came with the
   * id of an ipick click or referral within the business's attribution window; a sale refunded
   * in full is not one.
   */
  conversions: z.number().int(),
  /** Every lead and sale the shop reported, ipick's or not, refunded or not. */
  reportedConversions: z.number().int(),
  /** ipick's sales, each less its refunds, per currency, in minor units. */
  revenue: z.array(z.object({ currency: z.string().nullable(), amountMinor: z.number().int() })),
});
export type AdminBusinessFigures = z.infer<typeof adminBusinessFiguresSchema>;

export const adminBusinessFiguresResponseSchema = z.object({
  business: adminBusinessSchema,
  figures: adminBusinessFiguresSchema,
});
export type AdminBusinessFiguresResponse = z.infer<typeof adminBusinessFiguresResponseSchema>;

// ---- audit log ----

export const AUDIT_TARGET_TYPES = ['user', 'business', 'retailer'] as const;
export const auditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES, {
  message: 'targetType must be user, business or retailer',
});
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

export const AUDIT_ACTIONS = [
  'user.disable',
  'user.enable',
  'user.grant_admin',
  'user.revoke_admin',
  'retailer.set_affiliate_id',
  'business.approve',
  'business.suspend',
  'business.reactivate',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const adminAuditQuerySchema = z.object({
  targetType: z
    .union([auditTargetTypeSchema, z.literal('')], {
      message: 'targetType must be user, business or retailer',
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  targetId: z
    .string()
    .trim()
    .max(200, 'targetId is at most 200 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  page: pageSchema,
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.uuid(),
  adminUserId: z.uuid(),
  /** The admin's email when the account still exists. */
  adminEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: auditTargetTypeSchema,
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditResponseSchema = pageOf(adminAuditEntrySchema);
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;
