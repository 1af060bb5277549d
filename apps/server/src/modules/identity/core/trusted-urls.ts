import type { ProjectConfig } from './identity-repository.ts';
import { knownErrors } from './known-errors.ts';

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Resolves a redirect or callback URL and refuses it unless it is relative or on one of the
 * project's trusted domains (spec §2, §5: "not trusted, should be relative"). Localhost is
 * trusted only while the project allows it.
 */
export function resolveTrustedUrl(candidate: string, config: ProjectConfig, baseUrl: string): URL {
  if (candidate.startsWith('/')) {
    // A relative path stays on ipick only if it resolves there: `//evil.example`, `/\evil…` and
    // `/<tab>/evil…` (the parser drops tabs and newlines) all name another host.
    const url = new URL(candidate, baseUrl);
    if (url.origin !== new URL(baseUrl).origin) throw knownErrors.redirectUrlNotWhitelisted();
    return url;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw knownErrors.redirectUrlNotWhitelisted();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw knownErrors.redirectUrlNotWhitelisted();
  if (config.allow_localhost && localHosts.has(url.hostname)) return url;
  const trusted = config.domains.some((domain) => {
    try {
      return new URL(domain.domain).origin === url.origin;
    } catch {
      return false;
    }
  });
  if (!trusted) throw knownErrors.redirectUrlNotWhitelisted();
  return url;
}
