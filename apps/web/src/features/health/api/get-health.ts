import { healthResponseSchema, type HealthResponse } from '@ipick/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/health`: whether the server and its database can serve requests. */
export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiFetch('/api/health', { signal, schema: healthResponseSchema });
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: 60_000,
  });
}

export function useHealth() {
  return useQuery(healthQueryOptions());
}
