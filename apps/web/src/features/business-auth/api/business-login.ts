import type { Business, LoginRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Part of every page's code (the header's account controls): the schema loads with the call.
const businessAuthSuccessSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.businessAuthSuccessSchema),
);
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
