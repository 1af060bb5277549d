import { attributionSettingsSchema, type AttributionSettings } from '@ipick/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/business/attribution/settings` */
export function attributionSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['business-setup', 'attribution-settings'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/business/attribution/settings', {
        signal,
        schema: attributionSettingsSchema,
      }),
  });
}

export function useAttributionSettings() {
  return useQuery(attributionSettingsQueryOptions());
}

/** `PATCH /api/business/attribution/settings` */
export function updateAttributionSettings(settings: Partial<AttributionSettings>) {
  return apiFetch('/api/business/attribution/settings', {
    method: 'PATCH',
    body: settings,
    schema: attributionSettingsSchema,
  });
}

export function useUpdateAttributionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAttributionSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(attributionSettingsQueryOptions().queryKey, settings),
  });
}
