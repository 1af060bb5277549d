import {
  matchReportReceiptResponseSchema,
  type CreateMatchReportRequest,
  type MatchReportReceipt,
} from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `POST /api/match-reports`: "this listing is not the same product". Signed in or not; the
 * server takes the listings, score and tier from the comparison itself.
 */
export async function reportMatch(input: CreateMatchReportRequest): Promise<MatchReportReceipt> {
  const { report } = await apiFetch('/api/match-reports', {
    method: 'POST',
    body: input,
    schema: matchReportReceiptResponseSchema,
  });
  return report;
}

export function useReportMatch() {
  return useMutation({ mutationFn: reportMatch });
}
