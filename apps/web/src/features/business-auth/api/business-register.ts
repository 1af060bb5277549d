import {
  businessAuthSuccessSchema,
  type Business,
  type BusinessRegisterRequest,
} from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
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
