import { errors, jwtVerify, SignJWT } from 'jose';
import { oauthErrors } from './oauth-errors.ts';

/** Spec §9: the OAuth verifier cookie lives 1 hour. */
export const OAUTH_COOKIE_LIFETIME_SECONDS = 60 * 60;
const COOKIE_PREFIX = 'stack-oauth-inner-';

/** What the sign-in keeps between the authorize call and the provider's callback. */
export interface OAuthFlow {
  projectId: string;
  providerId: string;
  /** The state and PKCE verifier of ipick's request to the provider, and its OIDC nonce. */
  innerState: string;
  innerCodeVerifier: string;
  nonce: string | null;
  /** The client's side: where to send the user back, its state and PKCE challenge. */
  redirectUri: string;
  state: string;
  codeChallenge: string;
  type: 'authenticate' | 'link';
  /** The signed-in user a `link` adds the account to. */
  linkUserId: string | null;
  /** Scopes the client asked of the provider beyond the defaults. */
  providerScope: string | null;
  errorRedirectUrl: string | null;
  afterCallbackRedirectUrl: string | null;
}

export const oauthCookieName = (innerState: string) => `${COOKIE_PREFIX}${innerState}`;

/**
 * The flow in a cookie signed by the server (HS256 with jose), so no table holds half-begun
 * sign-ins; the cookie is named by the inner state, so only the browser that began the
 * sign-in can finish it.
 */
export async function sealFlow(flow: OAuthFlow, key: Uint8Array): Promise<string> {
  return new SignJWT({ flow })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_COOKIE_LIFETIME_SECONDS}s`)
    .sign(key);
}

/** The flow of a callback's state: unknown or changed cookies and expired ones are refused. */
export async function openFlow(
  cookie: string | undefined,
  innerState: string,
  key: Uint8Array,
): Promise<OAuthFlow> {
  if (!cookie) throw oauthErrors.unknownState();
  try {
    const { payload } = await jwtVerify<{ flow: OAuthFlow }>(cookie, key, {
      algorithms: ['HS256'],
    });
    if (payload.flow?.innerState !== innerState) throw oauthErrors.unknownState();
    return payload.flow;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw oauthErrors.outerOAuthTimeout();
    if (error instanceof errors.JOSEError) throw oauthErrors.unknownState();
    throw error;
  }
}
