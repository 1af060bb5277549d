/** Why the fetcher would not, or could not, get a page. */
export type FetchRefusalReason =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'private_address'
  | 'dns_failed'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large'
  | 'content_type'
  | 'http_status'
  | 'network';

/** What a shopper reads for each refusal; `detail` carries the technical part for the logs. */
const SHOPPER_MESSAGES: Record<FetchRefusalReason, string> = {
  invalid_url: "That doesn't look like a web address ipick can open.",
  scheme_not_allowed: 'ipick only opens http:// and https:// links.',
  private_address: 'That address points inside a private network, so ipick will not fetch it.',
  dns_failed: "ipick couldn't find that website. Check the address for typos.",
  too_many_redirects: 'That link redirects too many times, so ipick gave up following it.',
  timeout: 'That website took too long to answer.',
  too_large: 'That page is too large for ipick to read.',
  content_type: "That link doesn't lead to something ipick can read.",
  http_status: 'That website answered with an error instead of the page.',
  network: "ipick couldn't connect to that website.",
};

export interface FetchRefusalDetails {
  /** Overrides the default shopper-facing message for this reason. */
  message?: string;
  /** Technical detail for logs (a resolved address, a content type); never shown to shoppers. */
  detail?: string;
  /** The URL being fetched when it was refused: the last redirect hop, when there were any. */
  url?: string;
  /** The HTTP status of the last response, when one arrived. */
  status?: number;
  cause?: unknown;
}

/**
 * Every refusal or failure of the safe fetcher. `message` is written for shoppers; `reason` is a
 * stable code for callers to branch on; `detail` is for logs only, since it may name internal
 * addresses that a shopper should not learn from ipick.
 */
export class FetchRefusedError extends Error {
  readonly reason: FetchRefusalReason;
  readonly detail: string | undefined;
  readonly url: string | undefined;
  readonly status: number | undefined;

  constructor(reason: FetchRefusalReason, details: FetchRefusalDetails = {}) {
    super(details.message ?? SHOPPER_MESSAGES[reason], { cause: details.cause });
    this.name = 'FetchRefusedError';
    this.reason = reason;
    this.detail = details.detail;
    this.url = details.url;
    this.status = details.status;
  }

  /** The same refusal, stamped with the URL (and status) it happened at when not known yet. */
  withLocation(url: string, status?: number): FetchRefusedError {
    if (this.url !== undefined) return this;
    return new FetchRefusedError(this.reason, {
      message: this.message,
      detail: this.detail,
      url,
      status: this.status ?? status,
      cause: this.cause,
    });
  }
}
