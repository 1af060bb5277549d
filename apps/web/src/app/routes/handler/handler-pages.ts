import { safeReturnTo, withReturnTo } from '@/lib/return-to';

/**
 * The hosted-auth handler pages (spec §2) live under this base, `/handler` unless the build
 * sets VITE_HANDLER_BASE (the server's project config names the same base for emailed links).
 */
export const HANDLER_BASE = normaliseBase(
  (import.meta.env.VITE_HANDLER_BASE as string | undefined) ?? '/handler',
);

function normaliseBase(base: string): string {
  const trimmed = `/${base.trim().replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '/handler' : trimmed;
}

export type HandlerName =
  | 'sign-in'
  | 'sign-up'
  | 'sign-out'
  | 'email-verification'
  | 'password-reset'
  | 'forgot-password'
  | 'oauth-callback'
  | 'magic-link-callback'
  | 'account-settings'
  | 'error'
  | 'team-invitation'
  | 'mfa'
  | 'cli-auth-confirm';

/** Spec §2 defaults: after sign-in and sign-out go home; after sign-up goes to after-sign-in. */
export const HOME_PATH = '/';
export const AFTER_SIGN_IN_PATH = HOME_PATH;
export const AFTER_SIGN_UP_PATH = AFTER_SIGN_IN_PATH;
export const AFTER_SIGN_OUT_PATH = HOME_PATH;

/** The query parameter that carries where to go after signing in (spec §2). */
export const RETURN_TO_PARAM = 'after_auth_return_to';

export function handlerPath(name: HandlerName): string {
  return `${HANDLER_BASE}/${name}`;
}

/** A handler page's address that keeps `after_auth_return_to`, when there is one to keep. */
export function handlerPathWithReturn(name: HandlerName, returnTo: string | null): string {
  return returnTo ? withReturnTo(handlerPath(name), RETURN_TO_PARAM, returnTo) : handlerPath(name);
}

/** The checked `after_auth_return_to` of the address (site paths only), or null. */
export function readReturnTo(searchParams: URLSearchParams): string | null {
  const value = searchParams.get(RETURN_TO_PARAM);
  const checked = safeReturnTo(value, '');
  return checked === '' ? null : checked;
}

export interface HandlerPageText {
  title: string;
  description: string;
}
