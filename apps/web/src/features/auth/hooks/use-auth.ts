import type { LoginRequest, RegisterRequest, SessionUser } from '@ipick/contracts';
import { useQuery } from '@tanstack/react-query';
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
  const { mutateAsync: loginAsync } = useLogin();
  const { mutateAsync: registerAsync } = useRegister();
  const { mutateAsync: logoutAsync } = useLogout();

  return {
    user: me.isError ? null : (me.data?.user ?? null),
    isLoading: me.isPending,
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
