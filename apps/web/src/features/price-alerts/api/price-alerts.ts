import type {
  CreatePriceAlertRequest,
  PriceAlert,
  PriceAlertUnsubscribeInfo,
  UpdatePriceAlertRequest,
} from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// The results page renders before the validation library is downloaded: it loads with the call.
const priceAlertSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.priceAlertSchema),
);
const priceAlertsResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.priceAlertsResponseSchema),
);
const priceAlertUnsubscribeInfoSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.priceAlertUnsubscribeInfoSchema),
);

/** `GET /api/price-alerts`: the signed-in shopper's alerts, newest first. */
export function priceAlertsQueryOptions() {
  return queryOptions({
    queryKey: ['price-alerts'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/price-alerts', { signal, schema: priceAlertsResponseSchema }),
  });
}

/** Only asks while signed in; a signed-out shopper has no alerts. */
export function usePriceAlerts(enabled = true) {
  return useQuery({ ...priceAlertsQueryOptions(), enabled });
}

/** `POST /api/price-alerts`: makes an alert, or moves the mark of the one on that offer. */
export function createPriceAlert(input: CreatePriceAlertRequest): Promise<PriceAlert> {
  return apiFetch('/api/price-alerts', { method: 'POST', body: input, schema: priceAlertSchema });
}

/** `PATCH /api/price-alerts/:id`: pause, resume or move the mark. */
export function updatePriceAlert({
  id,
  ...changes
}: UpdatePriceAlertRequest & { id: string }): Promise<PriceAlert> {
  return apiFetch(`/api/price-alerts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: priceAlertSchema,
  });
}

/** `DELETE /api/price-alerts/:id`. */
export async function removePriceAlert(id: string): Promise<void> {
  await apiFetch(`/api/price-alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: priceAlertsQueryOptions().queryKey }),
  });
}

export const useCreatePriceAlert = () => useInvalidatingMutation(createPriceAlert);
export const useUpdatePriceAlert = () => useInvalidatingMutation(updatePriceAlert);
export const useRemovePriceAlert = () => useInvalidatingMutation(removePriceAlert);

/** `GET /api/price-alerts/unsubscribe?token=`: what an emailed link would stop (no sign-in). */
export function unsubscribeInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['price-alerts', 'unsubscribe', token] as const,
    queryFn: ({ signal }): Promise<PriceAlertUnsubscribeInfo> =>
      apiFetch(`/api/price-alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
        signal,
        schema: priceAlertUnsubscribeInfoSchema,
      }),
    retry: false,
  });
}

export function useUnsubscribeInfo(token: string) {
  return useQuery({ ...unsubscribeInfoQueryOptions(token), enabled: token !== '' });
}

/** `POST /api/price-alerts/unsubscribe`: removes the alert of an emailed link. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string) => {
      await apiFetch('/api/price-alerts/unsubscribe', { method: 'POST', body: { token } });
    },
  });
}
