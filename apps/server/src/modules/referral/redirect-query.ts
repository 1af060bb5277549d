import {
  REDIRECT_CONTROL_CHARACTERS,
  REDIRECT_SIGNATURE_PATTERN,
  REDIRECT_TARGET_MAX_LENGTH,
  redirectQuerySchema,
  TRACKING_VALUE_MAX_LENGTH,
  type RedirectQuery,
} from '@ipick/contracts';
import { regexes } from 'zod';
import { AppError } from '../../platform/errors.ts';

/** The redirect's query, checked, and its `to` already parsed (follow() uses it as it is). */
export interface ReadRedirectQuery {
  query: RedirectQuery;
  /** `query.to` parsed; undefined without `to`. A fresh object the caller may change. */
  destination: URL | undefined;
}

const trackingNames = [
  'session_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
const offerIdPattern = regexes.uuid();

/** What one value of a parameter is, for the message about a repeated one. */
const parameterNouns: Partial<Record<keyof RedirectQuery, string>> = {
  to: 'address',
  offer: 'offer id',
  sig: 'signature',
  from: 'path',
};

/**
 * Reads `/api/redirect`'s query. The redirect is ipick's busiest route (bench/redirect.ts), so
 * a query that is plainly valid, nearly every click's, is checked here by hand, parsing `to`
 * once for both the check and the click. Anything else goes through `redirectQuerySchema`, the
 * contract, which then accepts it or says what is wrong in its own words: this fast path only
 * ever accepts what the schema accepts (redirect-query.test.ts compares the two).
 */
export function readRedirectQuery(value: unknown): ReadRedirectQuery {
  if (typeof value === 'object' && value !== null) {
    const query = value as Record<string, unknown>;
    refuseRepeatedParameters(query);
    const fast = readPlainQuery(query);
    if (fast !== null) return fast;
  }
  const result = redirectQuerySchema.safeParse(value);
  if (!result.success) {
    const message = result.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || 'query'}: ${issue.message}`)
      .join('; ');
    throw new AppError('invalid_request', message);
  }
  const query = result.data;
  return { query, destination: query.to === undefined ? undefined : new URL(query.to) };
}

/**
 * A parameter of the route given more than once (`?to=a&to=b`) is refused with its own message;
 * the schema would only say that `to` is missing, as it is not a string.
 */
function refuseRepeatedParameters(query: Record<string, unknown>): void {
  for (const name in query) {
    const value = query[name];
    if (!Array.isArray(value) || !Object.hasOwn(redirectQuerySchema.shape, name)) continue;
    const noun = parameterNouns[name as keyof RedirectQuery] ?? 'value';
    throw new AppError('invalid_request', `${name}: give one ${noun}, not ${String(value.length)}`);
  }
}

/** The query when every check of the schema passes for it, else null (the schema decides). */
function readPlainQuery(input: Record<string, unknown>): ReadRedirectQuery | null {
  const query: RedirectQuery = {};
  let destination: URL | undefined;
  const { to, offer, sig, from } = input;
  if (to !== undefined) {
    if (typeof to !== 'string') return null;
    const trimmed = to.trim();
    if (trimmed.length === 0 || trimmed.length > REDIRECT_TARGET_MAX_LENGTH) return null;
    if (REDIRECT_CONTROL_CHARACTERS.test(trimmed)) return null;
    destination = URL.parse(trimmed) ?? undefined;
    if (
      destination === undefined ||
      (destination.protocol !== 'https:' && destination.protocol !== 'http:') ||
      destination.hostname === '' ||
      destination.username !== '' ||
      destination.password !== ''
    ) {
      return null;
    }
    query.to = trimmed;
  }
  if (offer !== undefined) {
    if (typeof offer !== 'string' || !offerIdPattern.test(offer)) return null;
    query.offer = offer;
  }
  if (sig !== undefined) {
    if (typeof sig !== 'string' || !REDIRECT_SIGNATURE_PATTERN.test(sig) || to === undefined)
      return null;
    query.sig = sig;
  }
  if (to === undefined && offer === undefined) return null;
  for (const name of trackingNames) {
    const tracking = input[name];
    if (tracking === undefined) continue;
    if (typeof tracking !== 'string' || tracking.length > TRACKING_VALUE_MAX_LENGTH) return null;
    query[name] = tracking;
  }
  if (from !== undefined) {
    if (typeof from !== 'string' || from.length > REDIRECT_TARGET_MAX_LENGTH) return null;
    query.from = from;
  }
  return { query, destination };
}
