import type { ReportCandidate } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts } from '../../../lib/report-query-keys';
import { reportCandidatesQueryKey } from './get-report-candidates';
import { reportLicensesQueryKey } from './get-report-licenses';
import { reportStatesQueryKey } from './get-report-states';

export function confirmCandidate(candidateId: string): Promise<unknown> {
  return callEndpoint(REPORTS_ENDPOINTS.confirmCandidate, { params: { id: candidateId } });
}

export function useConfirmCandidate(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCandidate,
    onSuccess: async (_data, candidateId) => {
      queryClient.setQueryData<ReportCandidate[]>(reportCandidatesQueryKey(reportId), (candidates) =>
        candidates?.filter((c) => c.id !== candidateId),
      );
      // Tracked now: in the table, its state's outcome, and the report's and the list's counts.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportLicensesQueryKey(reportId), exact: true }),
        queryClient.invalidateQueries({ queryKey: reportStatesQueryKey(reportId), exact: true }),
        refreshReportCounts(queryClient, reportId),
      ]);
    },
  });
}
