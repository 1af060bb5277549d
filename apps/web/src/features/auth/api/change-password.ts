import { successResponseSchema } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** `POST /api/auth/change-password`: also signs out every other session of the account. */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  await apiFetch('/api/auth/change-password', {
    method: 'POST',
    body: input,
    schema: successResponseSchema,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
