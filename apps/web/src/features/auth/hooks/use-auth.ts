import type { LoginRequest, RegisterRequest, SessionUser } from '@ipick/contracts';
import { useQuery } from '@tanstack/react-query';
import { useIsInBrowser } from '@/hooks/use-is-in-browser';
import { captureOutcome, type Outcome } from '@/lib/outcome';
import { meQueryOptions } from '../api/get-me';
import { useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { useRegister } from '../api/register';

/** A sign-in or sign-up outcome (spec §3): the user, or the message to show (spec §8). */
export type AuthResult = Outcome<{ user: SessionUser }>;

export interface AuthState {
  /** The signed-in shopper; null when signed out or when the check failed. */
  user: SessionUser | null;
  /** True until the first `/api/auth/me` answer (or failure). */
  isLoading: boolean;
  login: (input: LoginRequest) => Promise<AuthResult>;
  register: (input: RegisterRequest) => Promise<AuthResult>;
  /** Resolves once the user is cleared, whether or not the server call succeeded. */
  logout: () => Promise<void>;
}

/**
 * The shopper's auth state (spec §4): loading while the session is checked, then signed in or
 * signed out. A failed check (network, 5xx) counts as signed out, not as an error screen.
 */
export function useAuth(): AuthState {
  const me = useQuery(meQueryOptions());
  const isInBrowser = useIsInBrowser();
  const { mutateAsync: loginAsync } = useLogin();
  const { mutateAsync: registerAsync } = useRegister();
  const { mutateAsync: logoutAsync } = useLogout();

  return {
    // Pages rendered on the server show the check as under way (the server does not know who is
    // signed in). React hydrates them with that same state, even when the answer came first,
    // and renders the answer right after: hydration keeps the server's attributes, so a page
    // hydrated straight into the answer would keep, say, a button the check had disabled.
    user: !isInBrowser || me.isError ? null : (me.data?.user ?? null),
    isLoading: !isInBrowser || me.isPending,
    login: (input) =>
      captureOutcome(async () => ({ user: (await loginAsync(input)).user }), 'Login failed'),
    register: (input) =>
      captureOutcome(
        async () => ({ user: (await registerAsync(input)).user }),
        'Registration failed',
      ),
    // A failed call needs nothing more: the mutation has already cleared the user (spec §4).
    logout: () => logoutAsync().catch(() => undefined),
  };
}
