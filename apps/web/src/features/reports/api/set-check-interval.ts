import type { CheckInterval } from '@licensewatch/shared/check-intervals';
import type { Report } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { REPORTS_QUERY_KEY, reportQueryKey } from '../../../lib/report-query-keys';

export function setCheckInterval(reportId: string, interval: CheckInterval): Promise<Report> {
  return callEndpoint(REPORTS_ENDPOINTS.update, { params: { id: reportId }, body: { check_interval: interval } });
}

export function useSetCheckInterval(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interval: CheckInterval) => setCheckInterval(reportId, interval),
    // The answer is the report as it now is, its next check counted from the new interval by the
    // server: shown at once, and the dashboard's list read again.
    onSuccess: (report) => {
      queryClient.setQueryData(reportQueryKey(reportId), report);
      return queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true });
    },
  });
}
