import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Part of every page's code (the header's account controls): the schema loads with the call.
const successResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.successResponseSchema),
);
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
