/**
 * Where to go after signing in, taken from the address bar (`?returnTo=`, `?after_auth_return_to=`).
 * Only a path on this site is kept: it starts with a single "/". Anything else, including
 * "//evil.com", "/\evil.com" and "https://evil.com", gives `fallback`, so a crafted link cannot
 * send someone elsewhere after they sign in (spec §2: redirects must be relative).
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  for (const char of value) {
    const code = char.charCodeAt(0);
    // Browsers read "\" as "/" and drop tabs and newlines, so "/\evil.com" and "/\t/evil.com"
    // would both become "//evil.com", another host.
    if (char === '\\' || code < 0x20 || code === 0x7f) return fallback;
  }
  return value;
}

/** `path` with `returnTo` added as the query parameter `param`, e.g. `/login?returnTo=%2Fhistory`. */
export function withReturnTo(path: string, param: string, returnTo: string): string {
  const search = new URLSearchParams({ [param]: returnTo });
  return `${path}?${search.toString()}`;
}

/** The address of the current page as a site-relative path, for coming back to it later. */
export function currentPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
