import { adminUserResponseSchema, type AdminUser } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, type HttpMethod } from '@/lib/api-client';
import { adminAuditQueryOptions } from './get-audit-log';
import { adminUsersQueryOptions } from './get-users';

export type UserAccessChange = 'disable' | 'enable' | 'grant_admin' | 'revoke_admin';

const endpoints: Record<UserAccessChange, { method: HttpMethod; path: (id: string) => string }> = {
  disable: { method: 'POST', path: (id) => `/api/admin/users/${id}/disable` },
  enable: { method: 'POST', path: (id) => `/api/admin/users/${id}/enable` },
  grant_admin: { method: 'POST', path: (id) => `/api/admin/users/${id}/admin` },
  revoke_admin: { method: 'DELETE', path: (id) => `/api/admin/users/${id}/admin` },
};

/**
 * `POST /api/admin/users/:id/disable` and `/enable`, `POST` and `DELETE /api/admin/users/:id/admin`:
 * the user as they are afterwards.
 */
export async function changeUserAccess(input: {
  userId: string;
  change: UserAccessChange;
}): Promise<AdminUser> {
  const endpoint = endpoints[input.change];
  const { user } = await apiFetch(endpoint.path(encodeURIComponent(input.userId)), {
    method: endpoint.method,
    schema: adminUserResponseSchema,
  });
  return user;
}

export function useChangeUserAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserAccess,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminAuditQueryOptions().queryKey }),
      ]);
    },
  });
}
