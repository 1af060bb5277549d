import { successResponseSchema } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/auth/magic-link`: emails a one-time sign-in link. Same answer for unknown emails. */
export async function requestMagicLink(input: { email: string }): Promise<void> {
  await apiFetch('/api/auth/magic-link', {
    method: 'POST',
    body: input,
    schema: successResponseSchema,
  });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
