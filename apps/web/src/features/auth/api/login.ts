import { authSuccessSchema, type AuthSuccess, type LoginRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
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
