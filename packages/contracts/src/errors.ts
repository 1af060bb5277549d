import { z } from 'zod';

/** The body of every product-API error response (architecture: "Errors and bad input"). */
export const apiErrorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  /** What the client needs to go on, e.g. `attemptCode` with `mfa_required`. */
  details: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/**
 * Stable snake_case error codes of the product API and the HTTP status each one maps to.
 * The server's error handler and the web client both read this table, so a code never
 * changes meaning between them.
 */
export const apiErrorStatus = {
  invalid_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  /** Wrong email or password; never says which (sign-in must not reveal accounts). */
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  email_in_use: 409,
  /** A reset, verification or sign-in code that is unknown, expired, used or out of attempts. */
  invalid_code: 400,
  /** The password was right, but the account asks for its two-factor code next (`details.attemptCode`). */
  mfa_required: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;
export type ApiErrorCode = keyof typeof apiErrorStatus;
