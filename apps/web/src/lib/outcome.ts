import { toErrorMessage } from './error-message';

/**
 * What a call someone started came to (spec §8): success with its data, or the message to show
 * them. Forms and auth hooks hand this around instead of throwing, so no caller needs try/catch.
 */
export type Outcome<T extends object = object> =
  ({ success: true } & T) | { success: false; error: string };

/**
 * Runs `call` and turns a failure into the message to show: the server's own words when it sent
 * some, otherwise `fallbackMessage` (see `toErrorMessage`). On success the keys `call` resolves
 * to stand beside `success: true`, so return only the ones the caller should see.
 */
export async function captureOutcome<T extends object>(
  call: () => Promise<T>,
  fallbackMessage: string,
): Promise<Outcome<T>> {
  try {
    return { success: true, ...(await call()) };
  } catch (error) {
    return { success: false, error: toErrorMessage(error, fallbackMessage) };
  }
}
