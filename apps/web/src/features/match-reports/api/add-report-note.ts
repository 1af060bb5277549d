import { matchReportReceiptResponseSchema, type MatchReportReceipt } from '@ipick/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

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
