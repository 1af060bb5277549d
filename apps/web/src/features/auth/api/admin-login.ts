import { authSuccessSchema, type AuthSuccess, type LoginRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { setSessionUser } from './session-cache';

/**
 * `POST /api/admin/auth/login`: signs in an admin. A non-admin gets 403 `forbidden` and no
 * session is created.
 */
export function adminLogin(input: LoginRequest): Promise<AuthSuccess> {
  return apiFetch('/api/admin/auth/login', {
    method: 'POST',
    body: input,
    schema: authSuccessSchema,
  });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
