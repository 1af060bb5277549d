import { authSuccessSchema, type AuthSuccess, type RegisterRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
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
