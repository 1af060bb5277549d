import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazySchema } from '@/lib/api-client';
import { identityCall } from '@/lib/identity-api';
import { toBase64 } from '@/lib/base64';

// Loaded with the first call (see account-schemas.ts).
const schemas = () => import('./account-schemas');
const userSchema = lazySchema(() => schemas().then((module) => module.twoFactorUserSchema));
const recoveryCodesSchema = lazySchema(() =>
  schemas().then((module) => module.recoveryCodesSchema),
);

const twoFactorKey = ['account', 'two-factor'] as const;

/** Whether the signed-in user's sign-ins ask for an authenticator code. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: async () =>
      (await identityCall('GET', '/users/me', undefined, userSchema)).requires_totp_mfa,
  });
}

function useSetSecret<T>(toSecret: (input: T) => string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) =>
      (
        await identityCall(
          'PATCH',
          '/users/me',
          { totp_secret_base64: toSecret(input) },
          userSchema,
        )
      ).requires_totp_mfa,
    onSuccess: (enabled) => queryClient.setQueryData(twoFactorKey, enabled),
  });
}

/** Saves a checked secret: from now on sign-ins ask for its codes. */
export const useEnableTwoFactor = () => useSetSecret((secret: Uint8Array) => toBase64(secret));

/** Removes the secret (and with it any recovery codes): sign-ins need the first factor only. */
export const useDisableTwoFactor = () => useSetSecret(() => null);

/**
 * Creates ten single-use recovery codes, replacing any earlier ones (an ipick extension of the
 * identity API; only hashes are kept, so they are shown once).
 */
export const useCreateRecoveryCodes = () =>
  useMutation({
    mutationFn: async () =>
      (await identityCall('POST', '/auth/mfa/recovery-codes', {}, recoveryCodesSchema))
        .recovery_codes,
  });
