import { integrationStatusSchema, testEventResponseSchema } from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** How often a page waiting for the first event asks again, in milliseconds. */
export const STATUS_POLL_INTERVAL_MS = 3000;

/** `GET /api/business/integration/status`: where the shop's set-up stands. */
export function integrationStatusQueryOptions() {
  return queryOptions({
    queryKey: ['business-setup', 'integration-status'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/business/integration/status', { signal, schema: integrationStatusSchema }),
  });
}

/** With `poll`, asks again every few seconds until the shop's first real event has arrived. */
export function useIntegrationStatus({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...integrationStatusQueryOptions(),
    refetchInterval: (query) =>
      poll && !query.state.data?.steps.snippet ? STATUS_POLL_INTERVAL_MS : false,
  });
}

/** `POST /api/business/test-event`: records a test event for the signed-in business. */
export function sendTestEvent(label?: string) {
  return apiFetch('/api/business/test-event', {
    method: 'POST',
    body: label ? { label } : {},
    schema: testEventResponseSchema,
  });
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: integrationStatusQueryOptions().queryKey }),
  });
}
