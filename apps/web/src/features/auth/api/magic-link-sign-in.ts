import { authSuccessSchema, type AuthSuccess } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { setSessionUser } from './session-cache';

/** `POST /api/auth/magic-link/sign-in`: signs in with the code from an emailed sign-in link. */
export function magicLinkSignIn(input: { code: string }): Promise<AuthSuccess> {
  return apiFetch('/api/auth/magic-link/sign-in', {
    method: 'POST',
    body: input,
    schema: authSuccessSchema,
  });
}

export function useMagicLinkSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: magicLinkSignIn,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
