import { authSuccessSchema, type SessionUser } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { meQueryOptions } from './get-me';

const updateProfileResponseSchema = authSuccessSchema.pick({ user: true });

/** `PATCH /api/auth/me`: renames the signed-in shopper. */
export async function updateProfile(input: { displayName: string | null }): Promise<SessionUser> {
  const { user } = await apiFetch('/api/auth/me', {
    method: 'PATCH',
    body: input,
    schema: updateProfileResponseSchema,
  });
  return user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, { user }),
  });
}
