import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts } from '../../../lib/report-query-keys';
import { reportCandidatesQueryKey } from './get-report-candidates';
import { reportStatesQueryKey } from './get-report-states';

export function reopenCandidate(candidateId: string): Promise<unknown> {
  return callEndpoint(REPORTS_ENDPOINTS.reopenCandidate, { params: { id: candidateId } });
}

/** Undo of a rejection: the candidate is listed again, its state reads "to review" again. */
export function useReopenCandidate(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenCandidate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportCandidatesQueryKey(reportId), exact: true }),
        queryClient.invalidateQueries({ queryKey: reportStatesQueryKey(reportId), exact: true }),
        refreshReportCounts(queryClient, reportId),
      ]),
  });
}
