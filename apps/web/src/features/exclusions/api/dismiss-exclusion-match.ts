import { EXCLUSIONS_ENDPOINTS } from '@licensewatch/shared/exclusions-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts, reportExclusionsQueryKey } from '../../../lib/report-query-keys';

export function dismissExclusionMatch(matchId: string): Promise<unknown> {
  return callEndpoint(EXCLUSIONS_ENDPOINTS.dismissMatch, { params: { id: matchId } });
}

export function useDismissExclusionMatch(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissExclusionMatch,
    // The standing may now be "not excluded", and the match joins the review history.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportExclusionsQueryKey(reportId), exact: true }),
        refreshReportCounts(queryClient, reportId),
      ]),
  });
}
