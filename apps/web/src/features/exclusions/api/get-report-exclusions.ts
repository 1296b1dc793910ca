import type { ReportExclusions } from '@licensewatch/shared/exclusions';
import { EXCLUSIONS_ENDPOINTS } from '@licensewatch/shared/exclusions-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportExclusionsQueryKey } from '../../../lib/report-query-keys';

/**
 * Asked again every 15 seconds while not checked: a new report is screened by its update's job
 * within seconds, and on a fresh server the first reading of the lists is under way.
 */
const NOT_CHECKED_POLL_MS = 15_000;

export function getReportExclusions(reportId: string): Promise<ReportExclusions> {
  return callEndpoint(EXCLUSIONS_ENDPOINTS.reportExclusions, { params: { id: reportId } });
}

export function useReportExclusions(reportId: string) {
  return useQuery({
    queryKey: reportExclusionsQueryKey(reportId),
    queryFn: () => getReportExclusions(reportId),
    refetchInterval: (query) => (query.state.data?.status === 'not_checked' ? NOT_CHECKED_POLL_MS : false),
  });
}
