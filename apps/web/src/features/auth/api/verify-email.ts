import { successResponseSchema } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryOptions } from './get-me';

/** `POST /api/auth/verify-email`: confirms the address with the code from the emailed link. */
export async function verifyEmail(input: { code: string }): Promise<void> {
  await apiFetch('/api/auth/verify-email', {
    method: 'POST',
    body: input,
    schema: successResponseSchema,
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The signed-in user's `emailVerified` has changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
}
