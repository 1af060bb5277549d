import type { Business, BusinessRegisterRequest, LoginRequest } from '@ipick/contracts';
import { useQuery } from '@tanstack/react-query';
import { captureOutcome, type Outcome } from '@/lib/outcome';
import { useBusinessLogin } from '../api/business-login';
import { useBusinessLogout } from '../api/business-logout';
import { useBusinessRegister } from '../api/business-register';
import { businessMeQueryOptions } from '../api/get-business-me';

export type BusinessAuthResult = Outcome<{ business: Business }>;

export interface BusinessAuthState {
  /** The signed-in merchant; null when signed out or when the check failed. */
  business: Business | null;
  isLoading: boolean;
  login: (input: LoginRequest) => Promise<BusinessAuthResult>;
  register: (input: BusinessRegisterRequest) => Promise<BusinessAuthResult>;
  /** Resolves once the business is cleared, whether or not the server call succeeded. */
  logout: () => Promise<void>;
}

/**
 * The merchant's auth state (spec §4): loading, then a business or null. Use it on business
 * pages only, so shoppers' pages never ask for a merchant session.
 */
export function useBusinessAuth(): BusinessAuthState {
  const me = useQuery(businessMeQueryOptions());
  const { mutateAsync: loginAsync } = useBusinessLogin();
  const { mutateAsync: registerAsync } = useBusinessRegister();
  const { mutateAsync: logoutAsync } = useBusinessLogout();

  return {
    business: me.isError ? null : (me.data?.business ?? null),
    isLoading: me.isPending,
    login: (input) =>
      captureOutcome(
        async () => ({ business: (await loginAsync(input)).business }),
        'Login failed',
      ),
    register: (input) =>
      captureOutcome(
        async () => ({ business: (await registerAsync(input)).business }),
        'Registration failed',
      ),
    // Already cleared by the mutation (spec §4), whether or not the call succeeded.
    logout: () => logoutAsync().catch(() => undefined),
  };
}
