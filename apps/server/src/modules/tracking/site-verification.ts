import { SITE_VERIFICATION_FILE_PATH, SITE_VERIFICATION_META_NAME } from '@ipick/contracts';
import { Parser } from 'htmlparser2';
import { FetchRefusedError, type SafeFetcher } from '../../platform/fetcher/safe-fetcher.ts';
import { domainOfUrl, isCoveredBy } from './tracking-policy.ts';

/** A verification page or file is small; anything bigger is not worth reading. */
const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 8000;

export type SiteVerificationResult =
  | { isVerified: true; method: 'meta_tag' | 'file'; url: string }
  | { isVerified: false; problems: string[] };

/** The `content` of every `<meta name="ipick-site-verification">` in a page. */
export function findVerificationTokens(html: string): string[] {
  const tokens: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'meta') return;
        if (attributes.name?.trim().toLowerCase() !== SITE_VERIFICATION_META_NAME) return;
        if (attributes.content) tokens.push(attributes.content.trim());
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return tokens;
}

/**
 * Looks for `token` on the shop at `domain` through the SSRF-safe fetcher: first the home
 * page's meta tag, then the file. https only, unless `allowHttp` (tests and local demos, where
 * the fetcher may reach private addresses), which also tries http. A page that redirects off
 * the domain proves nothing, so it does not count.
 */
export async function verifySite(
  fetcher: SafeFetcher,
  domain: string,
  token: string,
  options: { allowHttp: boolean },
): Promise<SiteVerificationResult> {
  const problems: string[] = [];
  const schemes = options.allowHttp ? ['https', 'http'] : ['https'];
  const stayedOnDomain = (finalUrl: string, shown: string) => {
    const host = domainOfUrl(finalUrl, { allowHttp: true });
    if (host !== null && isCoveredBy(host, domain)) return true;
    problems.push(`${shown} redirected to ${finalUrl}, which is not on ${domain}`);
    return false;
  };

  for (const scheme of schemes) {
    const homeUrl = `${scheme}://${domain}/`;
    try {
      const page = await fetcher.fetchText(homeUrl, 'html', {
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_BYTES,
      });
      if (stayedOnDomain(page.url, homeUrl)) {
        if (findVerificationTokens(page.text).includes(token)) {
          return { isVerified: true, method: 'meta_tag', url: homeUrl };
        }
        problems.push(
          `${homeUrl} has no <meta name="${SITE_VERIFICATION_META_NAME}" content="${token}">`,
        );
      }
    } catch (error) {
      problems.push(`${homeUrl}: ${describeFailure(error)}`);
      // The file is on the same host: when the host cannot be reached, it cannot either.
      if (isUnreachable(error)) continue;
    }

    const fileUrl = `${scheme}://${domain}${SITE_VERIFICATION_FILE_PATH}`;
    try {
      const file = await fetcher.fetchText(fileUrl, 'feed', {
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_BYTES,
      });
      if (stayedOnDomain(file.url, fileUrl)) {
        const lines = file.text.split(/\r?\n/).map((line) => line.trim());
        if (lines.includes(token)) return { isVerified: true, method: 'file', url: fileUrl };
        problems.push(`${fileUrl} does not contain your token`);
      }
    } catch (error) {
      problems.push(`${fileUrl}: ${describeFailure(error)}`);
    }
  }
  return { isVerified: false, problems };
}

function isUnreachable(error: unknown): boolean {
  return (
    error instanceof FetchRefusedError &&
    (error.reason === 'dns_failed' || error.reason === 'network')
  );
}

function describeFailure(error: unknown): string {
  if (!(error instanceof FetchRefusedError)) throw error;
  if (error.reason === 'http_status' && error.status === 404) return 'not found (HTTP 404)';
  if (error.reason === 'http_status') return `answered HTTP ${error.status ?? 'error'}`;
  if (error.reason === 'content_type') return 'is not a web page or a text file';
  return lowerFirst(error.message.replace(/\.$/, ''));
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
