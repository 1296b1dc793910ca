import type { ReportCandidate } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts } from '../../../lib/report-query-keys';
import { reportCandidatesQueryKey } from './get-report-candidates';
import { reportStatesQueryKey } from './get-report-states';

export function rejectCandidate(candidateId: string): Promise<unknown> {
  return callEndpoint(REPORTS_ENDPOINTS.rejectCandidate, { params: { id: candidateId } });
}

export function useRejectCandidate(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectCandidate,
    onSuccess: async (_data, candidateId) => {
      queryClient.setQueryData<ReportCandidate[]>(reportCandidatesQueryKey(reportId), (candidates) =>
        candidates?.filter((c) => c.id !== candidateId),
      );
      // Its state may now read "none found" instead of "to review"; one thing fewer waits.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportStatesQueryKey(reportId), exact: true }),
        refreshReportCounts(queryClient, reportId),
      ]);
    },
  });
}
