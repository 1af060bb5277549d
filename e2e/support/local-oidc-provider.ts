import { startLocalOidcProvider } from '../../apps/server/test/local-oidc-provider.ts';
import { localOidcClient } from './local-oidc-client.ts';

/**
 * The browser tests' OpenID provider on loopback, standing in for Google and the like: any
 * login signs in through its own login and consent pages. Usage: local-oidc-provider.ts
 * <port> <ipick's public URL>.
 */
const [port, publicUrl] = process.argv.slice(2);
const provider = await startLocalOidcProvider({
  port: Number(port),
  redirectUris: [`${publicUrl}/api/v1/auth/oauth/callback/local`],
  acceptAnyLogin: true,
  client: localOidcClient,
});
console.log(`Local OpenID provider at ${provider.issuer}`);
