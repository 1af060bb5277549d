import { businessProfileResponseSchema, type UpdateBusinessProfileRequest } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `PATCH /api/business/profile`: the shop's name and contact email. */
export function updateBusinessProfile(changes: UpdateBusinessProfileRequest) {
  return apiFetch('/api/business/profile', {
    method: 'PATCH',
    body: changes,
    schema: businessProfileResponseSchema,
  });
}

export function useUpdateBusinessProfile() {
  return useMutation({ mutationFn: updateBusinessProfile });
}
