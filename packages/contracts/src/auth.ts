import { z } from 'zod';
import { hasUnsafeNameCharacters, plainNameSchema, unsafeNameMessage } from './names.ts';

/** Password bounds, the same as the identity service's (stack-auth.md §3.1: 8–70 characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ message: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(EMAIL_MAX_LENGTH, `Email addresses are at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** A new password: the bounds are checked here and again by the identity service. */
export const newPasswordSchema = z
  .string({ message: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Sign-in only checks presence: length rules would tell an attacker about old passwords. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The signed-in shopper (spec §3 "Session user"), as `/api/auth/*` returns it. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/auth/me` */
export const meResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `POST /api/auth/login`, `/register` and `/api/admin/auth/login` on success (spec §3, §7). */
export const authSuccessSchema = z.object({ success: z.literal(true), user: sessionUserSchema });
export type AuthSuccess = z.infer<typeof authSuccessSchema>;

/** `POST /api/auth/forgot-password`: always the same answer, whether the email exists or not. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

/** `POST /api/auth/reset-password`: the code from the emailed link and the new password. */
export const resetPasswordRequestSchema = z.object({
  code: z.string().min(1, 'The reset link is incomplete').max(200),
  password: newPasswordSchema,
});

export const successResponseSchema = z.object({ success: z.literal(true) });

// ---- Merchant (business) accounts: a distinct identity (spec §6) ----

export const businessStatusSchema = z.enum(['pending', 'active', 'suspended']);
export type BusinessStatus = z.infer<typeof businessStatusSchema>;

/** A shop's domain, e.g. `shop.example.com`: lower case, no scheme, path or port. */
export const shopDomainSchema = z
  .string({ message: 'Enter your shop domain' })
  .trim()
  .toLowerCase()
  .transform((value) =>
    value
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/^www\./, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'Enter your shop domain')
      .max(253, 'Domains are at most 253 characters')
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'Enter a domain such as shop.example.com',
      ),
  );

export const businessSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domain: z.string(),
  contactEmail: z.string(),
  status: businessStatusSchema,
  /** Why ipick suspended the business; set only while it is suspended. */
  suspensionReason: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
});
export type Business = z.infer<typeof businessSchema>;

export const businessRegisterRequestSchema = z.object({
  name: plainNameSchema({
    what: 'Business names',
    emptyMessage: 'Enter your business name',
    maxLength: 120,
  }),
  domain: shopDomainSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type BusinessRegisterRequest = z.infer<typeof businessRegisterRequestSchema>;

/** `GET /api/business/auth/me` (spec §7: "returned under a business key"). */
export const businessMeResponseSchema = z.object({ business: businessSchema.nullable() });

/** `POST /api/business/auth/login` and `/register` on success. */
export const businessAuthSuccessSchema = z.object({
  success: z.literal(true),
  business: businessSchema,
});

// ---- Account settings, email verification and sign-in links (the /handler pages, spec §2) ----

/** `POST /api/auth/verify-email` and `/api/auth/magic-link/sign-in`: the code from the emailed link. */
export const emailCodeRequestSchema = z.object({
  code: z.string().min(1, 'The link is incomplete').max(200),
});

/** `POST /api/auth/magic-link`: email a one-time sign-in link. Same answer for unknown emails. */
export const magicLinkRequestSchema = z.object({ email: emailSchema });

/**
 * `PATCH /api/auth/me` → `{ user }`. An empty (or all-spaces) name means "no display name": the
 * settings form has no other way to remove one, so it is saved as `null`, not refused.
 */
export const updateProfileRequestSchema = z.object({
  displayName: z
    .string()
    .refine((name) => !hasUnsafeNameCharacters(name), unsafeNameMessage('Display names'))
    .trim()
    .max(256, 'Display names are at most 256 characters')
    .transform((name) => (name === '' ? null : name))
    .nullable(),
});

/** `POST /api/auth/change-password`: signs out every other session (issue: "changing a password revokes the other sessions"). */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200),
  newPassword: newPasswordSchema,
});

/** One signed-in device, as `GET /api/auth/sessions` lists them (newest first). */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  lastUsedIp: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
