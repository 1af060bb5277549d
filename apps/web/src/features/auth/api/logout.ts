import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Part of every page's code (the header's account controls): the schema loads with the call.
const successResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.successResponseSchema),
);
import { setSessionUser } from './session-cache';

/** `POST /api/auth/logout`: ends this device's session. */
export async function logout(): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST', schema: successResponseSchema });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Spec §4: logout clears the user even when the call fails.
    onSettled: () => setSessionUser(queryClient, null),
  });
}
