import type { CreateMatchReportRequest, MatchReportReceipt } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// The results page renders before the validation library is downloaded: it loads with the call.
const matchReportReceiptResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.matchReportReceiptResponseSchema),
);

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
