/** ipick's client at the browser tests' local OpenID provider (local-oidc-provider.ts). */
export const localOidcClient = {
  id: 'ipick-e2e-client',
  secret: 'ipick-e2e-client-secret-0123456789',
} as const;
