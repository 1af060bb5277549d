import type { OAuthProviderConfig } from '../core/identity-repository.ts';

const BUILT_IN = ['github', 'google', 'microsoft', 'apple'] as const;
const VARIABLE = /^IPICK_OAUTH_([A-Z0-9_]+?)_(CLIENT_ID|CLIENT_SECRET|ISSUER|TENANT_ID)$/;

/**
 * The OAuth providers of ipick's own project, as the operator sets them in the environment
 * until the admin tier has a page for it:
 *   IPICK_OAUTH_<NAME>_CLIENT_ID and IPICK_OAUTH_<NAME>_CLIENT_SECRET for each provider;
 *   NAME github, google, microsoft (IPICK_OAUTH_MICROSOFT_TENANT_ID optional) or apple, or any
 *   other name with IPICK_OAUTH_<NAME>_ISSUER, the issuer URL of an OpenID provider.
 * Null when none is set (the project's providers stay as they are); a provider missing a
 * variable is named in the error.
 */
export function oauthProvidersFromEnvironment(
  env: Record<string, string | undefined>,
): OAuthProviderConfig[] | null {
  const byName = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(env)) {
    const match = VARIABLE.exec(key);
    if (!match || !value) continue;
    const name = match[1]!.toLowerCase();
    byName.set(name, { ...byName.get(name), [match[2]!]: value });
  }
  if (byName.size === 0) return null;
  const problems: string[] = [];
  const providers: OAuthProviderConfig[] = [];
  for (const [name, values] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
    const prefix = `IPICK_OAUTH_${name.toUpperCase()}`;
    const isBuiltIn = (BUILT_IN as readonly string[]).includes(name);
    for (const part of ['CLIENT_ID', 'CLIENT_SECRET', ...(isBuiltIn ? [] : ['ISSUER'])]) {
      if (!values[part]) problems.push(`${prefix}_${part} is missing`);
    }
    if (values.ISSUER) {
      try {
        new URL(values.ISSUER);
      } catch {
        problems.push(`${prefix}_ISSUER must be a URL`);
      }
    }
    providers.push({
      id: name.replace(/_/g, '-'),
      provider: isBuiltIn ? (name as (typeof BUILT_IN)[number]) : 'oidc',
      type: 'standard',
      client_id: values.CLIENT_ID,
      client_secret: values.CLIENT_SECRET,
      ...(values.ISSUER ? { issuer_url: values.ISSUER } : {}),
      ...(values.TENANT_ID ? { microsoft_tenant_id: values.TENANT_ID } : {}),
    });
  }
  if (problems.length > 0) {
    throw new Error(`Invalid OAuth provider settings:\n  - ${problems.join('\n  - ')}`);
  }
  return providers;
}
