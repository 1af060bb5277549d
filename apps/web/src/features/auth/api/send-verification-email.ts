import { successResponseSchema } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/auth/send-verification-email`: emails the signed-in shopper a new verification link. */
export async function sendVerificationEmail(): Promise<void> {
  await apiFetch('/api/auth/send-verification-email', {
    method: 'POST',
    schema: successResponseSchema,
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
