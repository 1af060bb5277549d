import type { Business, BusinessRegisterRequest } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Part of every page's code (the header's account controls): the schema loads with the call.
const businessAuthSuccessSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.businessAuthSuccessSchema),
);
import { setSessionBusiness } from './get-business-me';

/** `POST /api/business/auth/register`: creates the merchant account and signs it in. */
export function businessRegister(
  input: BusinessRegisterRequest,
): Promise<{ success: true; business: Business }> {
  return apiFetch('/api/business/auth/register', {
    method: 'POST',
    body: input,
    schema: businessAuthSuccessSchema,
  });
}

export function useBusinessRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: businessRegister,
    onSuccess: ({ business }) => setSessionBusiness(queryClient, business),
  });
}
