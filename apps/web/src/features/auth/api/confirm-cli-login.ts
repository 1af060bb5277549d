import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/** `POST /api/auth/cli-confirm`: approves a command-line login for whoever is signed in. */
export function confirmCliLogin(loginCode: string): Promise<{ success: true }> {
  return apiFetch('/api/auth/cli-confirm', {
    method: 'POST',
    body: { loginCode },
    schema: z.object({ success: z.literal(true) }),
  });
}

export function useConfirmCliLogin() {
  return useMutation({ mutationFn: confirmCliLogin });
}
