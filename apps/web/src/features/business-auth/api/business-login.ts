import { businessAuthSuccessSchema, type Business, type LoginRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { setSessionBusiness } from './get-business-me';

/** `POST /api/business/auth/login`: starts a merchant session, separate from any shopper one. */
export function businessLogin(input: LoginRequest): Promise<{ success: true; business: Business }> {
  return apiFetch('/api/business/auth/login', {
    method: 'POST',
    body: input,
    schema: businessAuthSuccessSchema,
  });
}

export function useBusinessLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: businessLogin,
    onSuccess: ({ business }) => setSessionBusiness(queryClient, business),
  });
}
