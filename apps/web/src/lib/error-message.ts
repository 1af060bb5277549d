import { ApiError, HTTP_ERROR_CODE, INVALID_RESPONSE_CODE, NetworkError } from './api-client';
import { sentenceCase } from './sentence-case';

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
    return asSentence(error.message);
  }
  return fallback;
}

/** The field an API message starts with for API clients (`domain: …`, `body.url: …`). */
const FIELD_PREFIX = /^[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*: (?=\S)/;

/**
 * An API message as a sentence for a person at the form: without the leading field name,
 * which the form shows by where the message is.
 */
function asSentence(message: string): string {
  return sentenceCase(message.replace(FIELD_PREFIX, ''));
}
