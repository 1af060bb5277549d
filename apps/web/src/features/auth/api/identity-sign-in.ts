import type { AuthSuccess, Business, SessionUser } from '@ipick/contracts';
import type { z } from 'zod';
import {
  ApiError,
  apiFetch,
  lazySchema,
  resolveSchema,
  type LazyResponseSchema,
  type ResponseSchema,
} from '@/lib/api-client';
import { toBase64Url } from '@/lib/base64';
import type * as Schemas from './identity-sign-in-schemas';

/**
 * Sign-in methods that run in the browser against the identity API (`/api/v1`): OAuth
 * providers with PKCE, passkeys and the two-factor step. Each ends by handing the identity
 * refresh token to `POST /api/auth/identity-session`, which makes it the shopper's session.
 *
 * The answers' schemas and the WebAuthn library load with the first call that needs them, not
 * with the page (issue 21's budgets).
 */

type SchemaModule = typeof Schemas;
type Access = z.infer<SchemaModule['accessSchema']>;

/** The answers' schemas, loaded with the first request that needs one. */
const schemas = () => import('./identity-sign-in-schemas');
const accessSchema = lazySchema(() => schemas().then((module) => module.accessSchema));
const knownErrorSchema = lazySchema(() => schemas().then((module) => module.knownErrorSchema));
const tokensSchema = lazySchema(() => schemas().then((module) => module.tokensSchema));
const projectSchema = lazySchema(() => schemas().then((module) => module.projectSchema));
const locationSchema = lazySchema(() => schemas().then((module) => module.locationSchema));
const ceremonySchema = lazySchema(() => schemas().then((module) => module.ceremonySchema));
const registrationSchema = lazySchema(() => schemas().then((module) => module.registrationSchema));
const registeredSchema = lazySchema(() => schemas().then((module) => module.registeredSchema));
const passkeyListSchema = lazySchema(() => schemas().then((module) => module.passkeyListSchema));
const successSchema = lazySchema(() => schemas().then((module) => module.successSchema));
const authSuccessSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.authSuccessSchema),
);
const businessAuthSuccessSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.businessAuthSuccessSchema),
);

type AnswerSchema<T> = ResponseSchema<T> | LazyResponseSchema<T>;

/** The project's id and publishable key, from ipick's own server. */
function projectAccess(): Promise<Access> {
  return apiFetch('/api/auth/identity-token', { method: 'POST', schema: accessSchema });
}

/** An identity API failure: its known-error code and words, and any details (an attempt code). */
export class IdentitySignInError extends ApiError {}

function identityPost<T>(
  access: Access,
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
): Promise<T> {
  return identityRequest(access, 'POST', path, body, schema);
}

async function identityRequest<T>(
  access: Access,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
): Promise<T> {
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      'x-stack-access-type': 'client',
      'x-stack-project-id': access.projectId,
      'x-stack-publishable-client-key': access.publishableClientKey,
      ...(access.accessToken ? { 'x-stack-access-token': access.accessToken } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return readAnswer(response, schema);
}

async function readAnswer<T>(response: Response, schema: AnswerSchema<T>): Promise<T> {
  const text = await response.text();
  if (!response.ok) {
    let known: z.infer<SchemaModule['knownErrorSchema']> | null = null;
    try {
      known = (await resolveSchema(knownErrorSchema)).parse(safeJson(text));
    } catch {
      // Not a known error (or its schema could not load): the answer's own words follow.
    }
    if (known) {
      throw new IdentitySignInError(response.status, known.code, known.error, known.details ?? {});
    }
    throw new IdentitySignInError(response.status, 'identity_error', text.trim(), {});
  }
  return (await resolveSchema(schema)).parse(safeJson(text));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Makes an identity sign-in the shopper's session. */
export function adoptIdentitySession(refreshToken: string): Promise<AuthSuccess> {
  return apiFetch('/api/auth/identity-session', {
    method: 'POST',
    body: { refreshToken },
    schema: authSuccessSchema,
  });
}

/** Which product session a sign-in starts: a shopper's, or a merchant's (/business-login). */
export type SignInTarget = 'shopper' | 'business';

/** The session a sign-in started, with who it is for. */
export type Adopted =
  { target: 'shopper'; user: SessionUser } | { target: 'business'; business: Business };

/**
 * Makes an identity sign-in the product session of the target: the shopper's, or (for someone
 * on a business's staff) the merchant's.
 */
export async function adoptSession(refreshToken: string, target: SignInTarget): Promise<Adopted> {
  if (target === 'shopper') {
    return { target, user: (await adoptIdentitySession(refreshToken)).user };
  }
  const { business } = await apiFetch('/api/business/auth/identity-session', {
    method: 'POST',
    body: { refreshToken },
    schema: businessAuthSuccessSchema,
  });
  return { target, business };
}

// ---- what the project offers ----

export interface SignInMethods {
  oauthProviders: string[];
  passkeys: boolean;
}

/** The OAuth providers and passkeys ipick's identity project has turned on. */
export async function fetchSignInMethods(): Promise<SignInMethods> {
  const access = await projectAccess();
  const response = await fetch('/api/v1/projects/current', {
    headers: {
      'x-stack-access-type': 'client',
      'x-stack-project-id': access.projectId,
      'x-stack-publishable-client-key': access.publishableClientKey,
    },
  });
  const { config } = await readAnswer(response, projectSchema);
  return {
    oauthProviders: config.enabled_oauth_providers.map(({ id }) => id),
    passkeys: config.passkey_enabled,
  };
}

// ---- OAuth with PKCE ----

/** Spec §9: the PKCE challenge is SHA-256 of 32 random bytes' verifier. */
function randomBase64Url(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return toBase64Url(values);
}

const OAUTH_STORAGE_PREFIX = 'ipick-oauth:';

interface PendingOAuth {
  verifier: string;
  returnTo: string;
  target?: SignInTarget;
}

/** Where the provider's sign-in comes back to: the oauth-callback handler page. */
export function oauthCallbackUrl(handlerPath: string): string {
  return new URL(handlerPath, window.location.origin).href;
}

/**
 * Starts an OAuth sign-in: keeps the PKCE verifier in this tab, asks the identity API for the
 * provider's address (which also sets its flow cookie), and goes there.
 */
export async function startOAuthSignIn(input: {
  provider: string;
  redirectUri: string;
  returnTo: string;
  target?: SignInTarget;
}): Promise<void> {
  const access = await projectAccess();
  const verifier = randomBase64Url(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  const state = randomBase64Url(24);
  const pending: PendingOAuth = {
    verifier,
    returnTo: input.returnTo,
    target: input.target ?? 'shopper',
  };
  sessionStorage.setItem(OAUTH_STORAGE_PREFIX + state, JSON.stringify(pending));
  const query = new URLSearchParams({
    client_id: access.projectId,
    client_secret: access.publishableClientKey,
    redirect_uri: input.redirectUri,
    scope: 'legacy',
    state,
    grant_type: 'authorization_code',
    code_challenge: toBase64Url(new Uint8Array(digest)),
    code_challenge_method: 'S256',
    response_type: 'code',
    type: 'authenticate',
    stack_response_mode: 'json',
  });
  const response = await fetch(
    `/api/v1/auth/oauth/authorize/${encodeURIComponent(input.provider)}?${query.toString()}`,
  );
  const { location } = await readAnswer(response, locationSchema);
  window.location.assign(location);
}

export type OAuthOutcome =
  | { kind: 'signed-in'; returnTo: string; adopted: Adopted }
  | { kind: 'mfa'; returnTo: string; attemptCode: string; target: SignInTarget };

/** The §8 words of every failed OAuth callback. */
export const OAUTH_CALLBACK_FAILED = 'Error signing in during OAuth callback. Please try again.';

/**
 * Finishes an OAuth sign-in on the callback page: exchanges the one-time code with this tab's
 * verifier, then starts the session, or says that the two-factor step comes next.
 */
export async function finishOAuthSignIn(
  search: URLSearchParams,
  redirectUri: string,
): Promise<OAuthOutcome> {
  const state = search.get('state');
  const code = search.get('code');
  const stored = state ? sessionStorage.getItem(OAUTH_STORAGE_PREFIX + state) : null;
  if (state) sessionStorage.removeItem(OAUTH_STORAGE_PREFIX + state);
  if (!code || !stored || search.get('error')) {
    throw new Error(search.get('message') ?? OAUTH_CALLBACK_FAILED);
  }
  const pending = JSON.parse(stored) as PendingOAuth;
  const target: SignInTarget = pending.target === 'business' ? 'business' : 'shopper';
  const access = await projectAccess();
  const response = await fetch('/api/v1/auth/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: pending.verifier,
      redirect_uri: redirectUri,
      client_id: access.projectId,
      client_secret: access.publishableClientKey,
    }).toString(),
  });
  try {
    const tokens = await readAnswer(response, tokensSchema);
    return {
      kind: 'signed-in',
      returnTo: pending.returnTo,
      adopted: await adoptSession(tokens.refresh_token, target),
    };
  } catch (error) {
    const attemptCode = mfaAttemptCode(error);
    if (attemptCode) return { kind: 'mfa', returnTo: pending.returnTo, attemptCode, target };
    throw error;
  }
}

function mfaAttemptCode(error: unknown): string | null {
  if (!(error instanceof IdentitySignInError)) return null;
  if (error.code !== 'MULTI_FACTOR_AUTHENTICATION_REQUIRED') return null;
  const code = error.details.attempt_code;
  return typeof code === 'string' ? code : null;
}

// ---- the two-factor step ----

/** Completes a sign-in that asked for the second factor with a code from the user's app. */
export async function completeMfaSignIn(
  attemptCode: string,
  totp: string,
  target: SignInTarget = 'shopper',
): Promise<Adopted> {
  const access = await projectAccess();
  const tokens = await identityPost(
    access,
    '/auth/mfa/sign-in',
    { type: 'totp', totp, code: attemptCode },
    tokensSchema,
  );
  return adoptSession(tokens.refresh_token, target);
}

/**
 * Completes it with one of the user's single-use recovery codes instead (an ipick extension of
 * the same endpoint: `type: 'recovery_code'`).
 */
export async function completeMfaSignInWithRecoveryCode(
  attemptCode: string,
  recoveryCode: string,
  target: SignInTarget = 'shopper',
): Promise<Adopted> {
  const access = await projectAccess();
  const tokens = await identityPost(
    access,
    '/auth/mfa/sign-in',
    { type: 'recovery_code', recovery_code: recoveryCode, code: attemptCode },
    tokensSchema,
  );
  return adoptSession(tokens.refresh_token, target);
}

// ---- passkeys ----

/**
 * Signs in with a passkey: the identity API's challenge, with this page's host as the RP id
 * (the server sends a placeholder, as to the Stack clients), answered by the browser.
 */
export async function signInWithPasskey(
  target: SignInTarget = 'shopper',
): Promise<{ kind: 'signed-in'; adopted: Adopted } | { kind: 'mfa'; attemptCode: string }> {
  const access = await projectAccess();
  const started = await identityPost(
    access,
    '/auth/passkey/initiate-passkey-authentication',
    {},
    ceremonySchema,
  );
  const optionsJSON = { ...started.options_json, rpId: window.location.hostname };
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({
    optionsJSON: optionsJSON as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  try {
    const tokens = await identityPost(
      access,
      '/auth/passkey/sign-in',
      { authentication_response: answer, code: started.code },
      tokensSchema,
    );
    return { kind: 'signed-in', adopted: await adoptSession(tokens.refresh_token, target) };
  } catch (error) {
    const attemptCode = mfaAttemptCode(error);
    if (attemptCode) return { kind: 'mfa', attemptCode };
    throw error;
  }
}

/**
 * Adds a passkey to the signed-in account: the identity API's options, with this page's host
 * as the RP id, answered by the browser's authenticator.
 */
export async function registerPasskey(): Promise<void> {
  const access = await projectAccess();
  const started = await identityPost(
    access,
    '/auth/passkey/initiate-passkey-registration',
    {},
    registrationSchema,
  );
  const optionsJSON = {
    ...started.options_json,
    rp: { ...started.options_json.rp, id: window.location.hostname },
  };
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({
    optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  await identityPost(
    access,
    '/auth/passkey/register',
    { credential, code: started.code },
    registeredSchema,
  );
}

export type PasskeySummary = z.infer<SchemaModule['passkeyListSchema']>['items'][number];

/** The signed-in account's passkeys, oldest first. */
export async function listPasskeys(): Promise<PasskeySummary[]> {
  const access = await projectAccess();
  const { items } = await identityRequest(
    access,
    'GET',
    '/auth/passkey/credentials',
    undefined,
    passkeyListSchema,
  );
  return items;
}

/** Removes one of the signed-in account's passkeys: it no longer signs in. */
export async function removePasskey(passkeyId: string): Promise<void> {
  const access = await projectAccess();
  await identityRequest(
    access,
    'DELETE',
    `/auth/passkey/credentials/${encodeURIComponent(passkeyId)}`,
    undefined,
    successSchema,
  );
}
