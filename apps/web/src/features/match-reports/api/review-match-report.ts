import { adminMatchReportResponseSchema, type AdminMatchReport } from '@ipick/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { matchReportsQueryOptions } from './get-match-reports';

export type ReviewVerdict = 'confirm' | 'reject';

/**
 * `POST /api/admin/match-reports/:id/confirm` (they are different products) or `/reject` (the
 * match stands): the report as it is afterwards.
 */
export async function reviewMatchReport(input: {
  reportId: string;
  verdict: ReviewVerdict;
}): Promise<AdminMatchReport> {
  const { report } = await apiFetch(
    `/api/admin/match-reports/${encodeURIComponent(input.reportId)}/${input.verdict}`,
    { method: 'POST', body: {}, schema: adminMatchReportResponseSchema },
  );
  return report;
}

export function useReviewMatchReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewMatchReport,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: matchReportsQueryOptions().queryKey }),
  });
}
