import { describe, expect, it } from 'vitest';
import { oauthProvidersFromEnvironment } from './operator-providers.ts';

describe('OAuth providers from the environment', () => {
  it('reads built-in providers and OpenID issuers', () => {
    expect(
      oauthProvidersFromEnvironment({
        IPICK_OAUTH_GITHUB_CLIENT_ID: 'gh-id',
        IPICK_OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
        IPICK_OAUTH_MICROSOFT_CLIENT_ID: 'ms-id',
        IPICK_OAUTH_MICROSOFT_CLIENT_SECRET: 'ms-secret',
        IPICK_OAUTH_MICROSOFT_TENANT_ID: 'consumers',
        IPICK_OAUTH_COMPANY_SSO_ISSUER: 'https://sso.example.com',
        IPICK_OAUTH_COMPANY_SSO_CLIENT_ID: 'sso-id',
        IPICK_OAUTH_COMPANY_SSO_CLIENT_SECRET: 'sso-secret',
        PATH: '/usr/bin',
      }),
    ).toEqual([
      {
        id: 'company-sso',
        provider: 'oidc',
        type: 'standard',
        client_id: 'sso-id',
        client_secret: 'sso-secret',
        issuer_url: 'https://sso.example.com',
      },
      {
        id: 'github',
        provider: 'github',
        type: 'standard',
        client_id: 'gh-id',
        client_secret: 'gh-secret',
      },
      {
        id: 'microsoft',
        provider: 'microsoft',
        type: 'standard',
        client_id: 'ms-id',
        client_secret: 'ms-secret',
        microsoft_tenant_id: 'consumers',
      },
    ]);
  });

  it('leaves the project alone when nothing is set, and names what a provider lacks', () => {
    expect(oauthProvidersFromEnvironment({ PATH: '/usr/bin' })).toBeNull();
    expect(() =>
      oauthProvidersFromEnvironment({
        IPICK_OAUTH_GOOGLE_CLIENT_ID: 'id',
        IPICK_OAUTH_OKTA_CLIENT_ID: 'id',
        IPICK_OAUTH_OKTA_CLIENT_SECRET: 'secret',
        IPICK_OAUTH_OKTA_ISSUER: 'not a url',
      }),
    ).toThrow(
      'IPICK_OAUTH_GOOGLE_CLIENT_SECRET is missing\n  - IPICK_OAUTH_OKTA_ISSUER must be a URL',
    );
  });
});
