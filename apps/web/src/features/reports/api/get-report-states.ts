import type { ReportStates } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';
import { isUpdating } from '../update-progress';
import { UPDATE_STATUS_POLL_MS, useUpdateStatus } from './get-update-status';

export const reportStatesQueryKey = (reportId: string) => [...reportQueryKey(reportId), 'states'] as const;

export function getReportStates(reportId: string): Promise<ReportStates> {
  return callEndpoint(REPORTS_ENDPOINTS.states, { params: { id: reportId } });
}

/** Asked again with the update's progress while it runs, so states settle on screen one by one. */
export function useReportStates(reportId: string) {
  const status = useUpdateStatus(reportId);
  return useQuery({
    queryKey: reportStatesQueryKey(reportId),
    queryFn: () => getReportStates(reportId),
    refetchInterval: isUpdating(status.data) ? UPDATE_STATUS_POLL_MS : false,
  });
}
