import { QueryClient } from '@tanstack/react-query';

/**
 * The server-state cache. Query retries are off because `apiFetch` already retries network
 * failures of idempotent calls (spec §8, §9); retrying again here would multiply the attempts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
