import { hasUnsafeNameCharacters, unsafeNameMessage } from '@ipick/contracts';
import { z } from 'zod';
import { MAX_SESSION_LIFETIME_MS } from './sessions.ts';

/** Request bodies of the identity API (stack-auth.md §3); unknown keys are refused. */
const email = z.string().trim().toLowerCase().max(256).pipe(z.email());
const password = z.string().max(1000);
const code = z.string().min(1).max(200);
const url = z.string().min(1).max(2048);
/** A user named in a request: `me` (the caller) or a user's id. Every capability uses this one. */
export const userIdOrMe = z.union([z.literal('me'), z.uuid()], {
  error: "must be 'me' or a user's id",
});
const json = z.json().nullable();

export const passwordSignUpBody = z.strictObject({
  email,
  password,
  verification_callback_url: url.optional(),
});
export const passwordSignInBody = z.strictObject({ email, password });
export const sendResetCodeBody = z.strictObject({ email, callback_url: url });
export const codeBody = z.strictObject({ code });
export const resetPasswordBody = z.strictObject({ code, password });
export const updatePasswordBody = z.strictObject({
  old_password: password,
  new_password: password,
});
export const setPasswordBody = z.strictObject({ password });
export const sendSignInCodeBody = z.strictObject({ email, callback_url: url });
export const sendVerificationCodeBody = z.strictObject({ email, callback_url: url });

export const sessionsQuery = z.strictObject({ user_id: userIdOrMe.optional() });
export const createSessionBody = z.strictObject({
  user_id: userIdOrMe,
  // A longer lifetime is refused rather than shortened, so that the caller learns of it.
  expires_in_millis: z
    .number()
    .int()
    .positive()
    .max(
      MAX_SESSION_LIFETIME_MS,
      `must be at most ${MAX_SESSION_LIFETIME_MS} (367 days); sessions cannot live longer`,
    )
    .optional(),
  is_impersonation: z.boolean().optional(),
});

/**
 * A TOTP secret as the clients send it (stack-auth.md §3.3): base64 of its bytes, 16 to 64 of
 * them (RFC 4226 asks for at least 128 bits); null turns two-factor sign-in off.
 */
const totpSecretBase64 = z
  .base64('must be base64')
  .refine((value) => {
    const length = Buffer.from(value, 'base64').length;
    return length >= 16 && length <= 64;
  }, 'must be a secret of 16 to 64 bytes')
  .nullable()
  .optional();

/** Shown to other people (team members): one line of plain text. */
// An empty name is no name: stored as null, as Stack Auth does, so clients show their fallback.
const userDisplayName = z
  .string()
  .max(256)
  .refine((name) => !hasUnsafeNameCharacters(name), unsafeNameMessage('Display names'))
  .transform((name) => (name.trim() === '' ? null : name));

export const clientUserUpdateBody = z.strictObject({
  display_name: userDisplayName.nullable().optional(),
  profile_image_url: z.string().max(2048).nullable().optional(),
  client_metadata: json.optional(),
  selected_team_id: z.uuid().nullable().optional(),
  otp_auth_enabled: z.boolean().optional(),
  passkey_auth_enabled: z.boolean().optional(),
  totp_secret_base64: totpSecretBase64,
  // A new address, unverified until its link is followed; a client cannot remove its email.
  primary_email: email.optional(),
});

const serverUserFields = {
  display_name: userDisplayName.nullable().optional(),
  profile_image_url: z.string().max(2048).nullable().optional(),
  client_metadata: json.optional(),
  client_read_only_metadata: json.optional(),
  server_metadata: json.optional(),
  primary_email: email.nullable().optional(),
  primary_email_verified: z.boolean().optional(),
  primary_email_auth_enabled: z.boolean().optional(),
  password: password.nullable().optional(),
  otp_auth_enabled: z.boolean().optional(),
  passkey_auth_enabled: z.boolean().optional(),
  restricted_by_admin: z.boolean().optional(),
  restricted_by_admin_reason: z.string().nullable().optional(),
  restricted_by_admin_private_details: z.string().nullable().optional(),
  country_code: z.string().length(2).nullable().optional(),
  totp_secret_base64: totpSecretBase64,
};
/** Checks of stack-auth.md §3.10 that need the body's other fields. */
type RestrictionFields = {
  restricted_by_admin?: boolean;
  restricted_by_admin_reason?: string | null;
  restricted_by_admin_private_details?: string | null;
};
export const RESTRICTION_DETAIL_MESSAGE =
  'a restriction reason or private details need restricted_by_admin: true';

/**
 * The reason and private details of a restriction must be null unless `restricted_by_admin`
 * is true. `isRestricted` says what holds when the body leaves `restricted_by_admin` out.
 */
function checkRestrictionDetails(
  body: RestrictionFields,
  isRestricted: boolean,
  addIssue: (field: string) => void,
): void {
  if (body.restricted_by_admin ?? isRestricted) return;
  for (const field of [
    'restricted_by_admin_reason',
    'restricted_by_admin_private_details',
  ] as const) {
    if ((body[field] ?? null) !== null) addIssue(field);
  }
}

/** A bcrypt hash from another system, imported as is (`$2a$`, `$2b$` or `$2y$`, cost 4-31). */
const bcryptHash = z
  .string()
  .regex(/^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/, 'must be a bcrypt hash');

/** A sign-up risk score (Stack Auth's `risk_scores.sign_up.*`): a whole number from 0 to 100. */
const riskScore = z.number().int('must be a whole number').min(0).max(100);

export const serverUserCreateBody = z
  .strictObject({
    ...serverUserFields,
    password_hash: bcryptHash.optional(),
    is_anonymous: z.boolean().optional(),
    risk_scores: z
      .strictObject({
        sign_up: z.strictObject({ bot: riskScore, free_trial_abuse: riskScore }),
      })
      .optional(),
    // Accounts at the project's OAuth providers to link to the new user (e.g. on import).
    oauth_providers: z
      .array(
        z.strictObject({
          id: z.string().min(1),
          account_id: z.string().min(1),
          email: z.email().nullable().optional(),
        }),
      )
      .optional(),
  })
  .superRefine((body, context) => {
    checkRestrictionDetails(body, false, (field) =>
      context.addIssue({ code: 'custom', message: RESTRICTION_DETAIL_MESSAGE, path: [field] }),
    );
    if (body.password_hash !== undefined && (body.password ?? null) !== null) {
      context.addIssue({
        code: 'custom',
        message: 'send a password or a password_hash, not both',
        path: ['password_hash'],
      });
    }
  });
export const serverUserUpdateBody = z
  .strictObject({
    ...serverUserFields,
    selected_team_id: z.uuid().nullable().optional(),
    // An anonymous user can become a full one, never the other way (stack-auth.md §3.10).
    is_anonymous: z.literal(false, 'can only be set to false').optional(),
  })
  // Without restricted_by_admin in the body, the user's current state decides (accounts.ts).
  .superRefine((body, context) =>
    checkRestrictionDetails(body, true, (field) =>
      context.addIssue({ code: 'custom', message: RESTRICTION_DETAIL_MESSAGE, path: [field] }),
    ),
  );

/** The most users one page holds; a larger `limit` gets this many (and a next cursor). */
export const MAX_USER_PAGE_SIZE = 200;

export const listUsersQuery = z.strictObject({
  cursor: z.uuid().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .transform((limit) => Math.min(limit, MAX_USER_PAGE_SIZE))
    .optional(),
  order_by: z.enum(['signed_up_at', 'last_active_at']).optional(),
  desc: z.enum(['true', 'false']).optional(),
  query: z.string().max(256).optional(),
  include_anonymous: z.enum(['true', 'false']).optional(),
  only_anonymous: z.enum(['true', 'false']).optional(),
  include_restricted: z.enum(['true', 'false']).optional(),
  team_id: z.uuid().optional(),
});

export const emptyQuery = z.strictObject({});
export const emptyBody = z.strictObject({});

export const idParams = z.strictObject({ id: z.uuid() });

export const tokenRequestBody = z.object({
  grant_type: z.string(),
  refresh_token: z.string().optional(),
  // The authorization_code grant of the OAuth sign-in (stack-auth.md §3.6).
  code: z.string().optional(),
  code_verifier: z.string().optional(),
  redirect_uri: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
