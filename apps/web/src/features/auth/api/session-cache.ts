import type { SessionUser } from '@ipick/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from './get-me';
import { sessionsQueryOptions } from './get-sessions';

/**
 * Records who is now signed in (null: nobody) after a sign-in, sign-up or sign-out. A check of
 * `/me` still in flight is dropped, so its older answer cannot overwrite this one, and the
 * previous account's data leaves the cache.
 */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  void queryClient.cancelQueries({ queryKey: meQueryOptions().queryKey });
  queryClient.setQueryData(meQueryOptions().queryKey, { user });
  queryClient.removeQueries({ queryKey: sessionsQueryOptions().queryKey });
}
