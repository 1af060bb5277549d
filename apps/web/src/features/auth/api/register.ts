import type { AuthSuccess, RegisterRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Part of every page's code (the header's account controls): the schema loads with the call.
const authSuccessSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.authSuccessSchema),
);
import { setSessionUser } from './session-cache';

/** `POST /api/auth/register`: creates the account, signs it in and emails a verification link. */
export function register(input: RegisterRequest): Promise<AuthSuccess> {
  return apiFetch('/api/auth/register', { method: 'POST', body: input, schema: authSuccessSchema });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
