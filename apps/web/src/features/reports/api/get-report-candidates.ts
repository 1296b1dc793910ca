import type { ReportCandidate } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';
import { isUpdating } from '../update-progress';
import { UPDATE_STATUS_POLL_MS, useUpdateStatus } from './get-update-status';

export const reportCandidatesQueryKey = (reportId: string) => [...reportQueryKey(reportId), 'candidates'] as const;

export function getReportCandidates(reportId: string): Promise<ReportCandidate[]> {
  return callEndpoint(REPORTS_ENDPOINTS.candidates, { params: { id: reportId } });
}

/** Asked again with the update's progress while it runs, like the states: candidates arrive state by state. */
export function useReportCandidates(reportId: string) {
  const status = useUpdateStatus(reportId);
  return useQuery({
    queryKey: reportCandidatesQueryKey(reportId),
    queryFn: () => getReportCandidates(reportId),
    refetchInterval: isUpdating(status.data) ? UPDATE_STATUS_POLL_MS : false,
  });
}
