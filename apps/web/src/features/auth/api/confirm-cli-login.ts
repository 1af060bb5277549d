import { useMutation } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// Loaded with the call, not with the page.
const confirmedSchema = lazySchema(() =>
  import('./identity-sign-in-schemas').then((module) => module.successSchema),
);

/** `POST /api/auth/cli-confirm`: approves a command-line login for whoever is signed in. */
export function confirmCliLogin(loginCode: string): Promise<{ success: true }> {
  return apiFetch('/api/auth/cli-confirm', {
    method: 'POST',
    body: { loginCode },
    schema: confirmedSchema,
  });
}

export function useConfirmCliLogin() {
  return useMutation({ mutationFn: confirmCliLogin });
}
