import { successResponseSchema } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/auth/reset-password`: sets a new password with the code from the reset email. */
export async function resetPassword(input: { code: string; password: string }): Promise<void> {
  await apiFetch('/api/auth/reset-password', {
    method: 'POST',
    body: input,
    schema: successResponseSchema,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
