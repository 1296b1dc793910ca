import { EXCLUSIONS_ENDPOINTS } from '@licensewatch/shared/exclusions-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts, reportExclusionsQueryKey } from '../../../lib/report-query-keys';

export function confirmExclusionMatch(matchId: string): Promise<unknown> {
  return callEndpoint(EXCLUSIONS_ENDPOINTS.confirmMatch, { params: { id: matchId } });
}

export function useConfirmExclusionMatch(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmExclusionMatch,
    // The physician's standing changes (excluded from now on), and the match joins the review history.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportExclusionsQueryKey(reportId), exact: true }),
        refreshReportCounts(queryClient, reportId),
      ]),
  });
}
