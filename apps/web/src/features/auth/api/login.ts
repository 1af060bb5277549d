import type { AuthSuccess, LoginRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Part of every page's code (the header's account controls): the schema loads with the call.
const authSuccessSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.authSuccessSchema),
);
import { setSessionUser } from './session-cache';

/** `POST /api/auth/login`: starts a cookie session for the shopper. */
export function login(input: LoginRequest): Promise<AuthSuccess> {
  return apiFetch('/api/auth/login', { method: 'POST', body: input, schema: authSuccessSchema });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
