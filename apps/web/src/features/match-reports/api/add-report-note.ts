import type { MatchReportReceipt } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, lazySchema } from '@/lib/api-client';

// The results page renders before the validation library is downloaded: it loads with the call.
const matchReportReceiptResponseSchema = lazySchema(() =>
  import('@ipick/contracts').then((contracts) => contracts.matchReportReceiptResponseSchema),
);

/** `PATCH /api/match-reports/:id`: the reporter adds a note to the report they just made. */
export async function addReportNote(input: {
  reportId: string;
  note: string;
}): Promise<MatchReportReceipt> {
  const { report } = await apiFetch(`/api/match-reports/${encodeURIComponent(input.reportId)}`, {
    method: 'PATCH',
    body: { note: input.note },
    schema: matchReportReceiptResponseSchema,
  });
  return report;
}

export function useAddReportNote() {
  return useMutation({ mutationFn: addReportNote });
}
