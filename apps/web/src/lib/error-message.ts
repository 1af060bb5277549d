import { ApiError, HTTP_ERROR_CODE, INVALID_RESPONSE_CODE, NetworkError } from './api-client';

/**
 * The text to show for a failed call (spec §8): the server's own message when it sent one,
 * 'Network error occurred' when no answer came, otherwise the caller's fallback (e.g.
 * 'Login failed'). A proxy's HTML error page or an unreadable body has no message worth showing.
 */
export function toErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.message;
  if (
    error instanceof ApiError &&
    error.code !== HTTP_ERROR_CODE &&
    error.code !== INVALID_RESPONSE_CODE &&
    error.message.trim() !== ''
  ) {
    return error.message;
  }
  return fallback;
}
