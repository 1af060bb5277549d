import { successResponseSchema } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { setSessionBusiness } from './get-business-me';

/** `POST /api/business/auth/logout`: ends the merchant session. */
export async function businessLogout(): Promise<void> {
  await apiFetch('/api/business/auth/logout', { method: 'POST', schema: successResponseSchema });
}

export function useBusinessLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: businessLogout,
    // Spec §4: logout clears the business even when the call fails.
    onSettled: () => setSessionBusiness(queryClient, null),
  });
}
