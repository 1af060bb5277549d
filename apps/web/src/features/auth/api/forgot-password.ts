import { successResponseSchema } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `POST /api/auth/forgot-password`: emails a reset link. The answer is the same whether or not
 * the email has an account.
 */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await apiFetch('/api/auth/forgot-password', {
    method: 'POST',
    body: input,
    schema: successResponseSchema,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
