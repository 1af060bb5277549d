import { apiErrorStatus, type ApiErrorCode } from '@ipick/contracts';

/**
 * The one error type services throw. The error handler turns it into the product API's
 * `{ error, code }` body with the status that `code` maps to in the contracts.
 */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;

  /** Sent as `Retry-After` (spec §8: a 429 or 503 says when to try again). */
  readonly retryAfterSeconds: number | undefined;

  /** Sent as the body's `details`: what the client needs to take the next step. */
  readonly details: Record<string, string> | undefined;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; details?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = apiErrorStatus[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}
