import type { LoginRequest, RegisterRequest, SessionUser } from '@ipick/contracts';
import { useQuery } from '@tanstack/react-query';
import { toErrorMessage } from '@/lib/error-message';
import { meQueryOptions } from '../api/get-me';
import { useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { useRegister } from '../api/register';

/** A sign-in or sign-up outcome (spec §3): the user, or the message to show (spec §8). */
export type AuthResult = { success: true; user: SessionUser } | { success: false; error: string };

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
    login: async (input) => {
      try {
        const { user } = await loginAsync(input);
        return { success: true, user };
      } catch (error) {
        return { success: false, error: toErrorMessage(error, 'Login failed') };
      }
    },
    register: async (input) => {
      try {
        const { user } = await registerAsync(input);
        return { success: true, user };
      } catch (error) {
        return { success: false, error: toErrorMessage(error, 'Registration failed') };
      }
    },
    logout: async () => {
      try {
        await logoutAsync();
      } catch {
        // The mutation has already cleared the user (spec §4); nothing else to do.
      }
    },
  };
}
