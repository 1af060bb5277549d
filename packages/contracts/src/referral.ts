import { z } from 'zod';

/**
 * `GET /api/redirect` (also HEAD): ipick's outbound link (spec §1, §7 "Outbound link helper").
 *
 * Query, one of:
 * - `to`: the URL-encoded http(s) address to go to (at most 2048 characters), as built by the
 *   web app (e.g. with `buildOutboundUrl` of @ipick/core); followed as given, except that a
 *   named retailer's link gets ipick's current affiliate id in the retailer's parameter;
 * - `offer`: a catalog offer id; the server builds the outbound link from the offer's address
 *   with ipick's affiliate id, `ref`, the UTM values and `session_id` (spec §9).
 *
 * With both, `to` is where the visitor goes and `offer` is recorded with the click. Optional:
 * `sig` (ipick's signature of `to`, see the server's `signRedirect`), `session_id`, the visit's
 * `utm_source`/`utm_medium`/`utm_campaign`/`utm_term`/`utm_content`, and `from` (the ipick page
 * the link is on; the Referer header otherwise).
 *
 * Every click is recorded before the answer. Answers:
 * - 302 to the destination (`Cache-Control: no-store`) when it is on a known retailer's host, on
 *   an active merchant's domain, an offer of the catalog, or a link ipick signed;
 * - 200 HTML "You are leaving ipick" page with the full address and a Continue link for any other
 *   destination, so the endpoint is no silent open redirect;
 * - 400 `invalid_request` naming the parameter (missing, malformed, not http(s), too long, a
 *   signature that does not match); 404 `not_found` for an unknown offer without `to`. A
 *   browser (one that accepts text/html) gets these errors as a page that shows the message
 *   and links back to `from` (or ipick's home page), with the same status.
 */
export const REDIRECT_TARGET_MAX_LENGTH = 2048;

/** Spec §3 "Stored UTM set" and the session id travel with each click; each is capped. */
export const TRACKING_VALUE_MAX_LENGTH = 200;

/** A link's signature (`sig`), as ipick's signer writes it. */
export const REDIRECT_SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const REDIRECT_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** The `to` address: an absolute http(s) URL without a user name or password. */
export const redirectTargetSchema = z
  .string({ message: 'add the address to go to' })
  .trim()
  .min(1, 'add the address to go to')
  .max(
    REDIRECT_TARGET_MAX_LENGTH,
    `the address is longer than ${REDIRECT_TARGET_MAX_LENGTH} characters`,
  )
  .superRefine((value, context) => {
    // Empty and over-long addresses already have their message.
    if (value === '' || value.length > REDIRECT_TARGET_MAX_LENGTH) return;
    const problem = describeTargetProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

function describeTargetProblem(value: string): string | null {
  if (REDIRECT_CONTROL_CHARACTERS.test(value)) return 'the address contains control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'this is not a full web address; it must start with https:// or http://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return `only http and https addresses can be followed, not ${url.protocol}`;
  }
  if (url.hostname === '') return 'the address has no host';
  if (url.username !== '' || url.password !== '') {
    return 'addresses with a user name or password are not followed';
  }
  return null;
}

const trackingValue = z.string().max(TRACKING_VALUE_MAX_LENGTH).optional();

export const redirectQuerySchema = z
  .object({
    to: redirectTargetSchema.optional(),
    offer: z.uuid('this is not an offer id').optional(),
    sig: z
      .string()
      .regex(REDIRECT_SIGNATURE_PATTERN, 'the signature does not match this link')
      .optional(),
    session_id: trackingValue,
    utm_source: trackingValue,
    utm_medium: trackingValue,
    utm_campaign: trackingValue,
    utm_term: trackingValue,
    utm_content: trackingValue,
    from: z.string().max(REDIRECT_TARGET_MAX_LENGTH).optional(),
  })
  .superRefine((query, context) => {
    if (query.to === undefined && query.offer === undefined) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'add the address to go to' });
    }
    if (query.sig !== undefined && query.to === undefined) {
      context.addIssue({ code: 'custom', path: ['sig'], message: 'a signature needs `to`' });
    }
  });
export type RedirectQuery = z.infer<typeof redirectQuerySchema>;

/** Why a click was flagged as not made by a person; such clicks are kept but not counted. */
export const clickBotReasonSchema = z.enum([
  'head_request',
  'prefetch',
  'embedded',
  'link_preview',
  'user_agent',
  'no_user_agent',
  /** More clicks from one address than a person makes (still redirected). */
  'rate',
  /** The same visitor followed the same link again within seconds. */
  'repeat',
]);
export type ClickBotReason = z.infer<typeof clickBotReasonSchema>;
