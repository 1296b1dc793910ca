import type { LicenseHistory } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';

/** Under the report's key, so whatever refreshes the report (an update finishing) refreshes this too. */
export const licenseHistoryQueryKey = (reportId: string, licenseId: string) =>
  [...reportQueryKey(reportId), 'history', licenseId] as const;

export function getLicenseHistory(reportId: string, licenseId: string): Promise<LicenseHistory> {
  return callEndpoint(REPORTS_ENDPOINTS.licenseHistory, { params: { id: reportId, licenseId } });
}

/** Asked only while the history is open. */
export function useLicenseHistory(reportId: string, licenseId: string, enabled: boolean) {
  return useQuery({
    queryKey: licenseHistoryQueryKey(reportId, licenseId),
    queryFn: () => getLicenseHistory(reportId, licenseId),
    enabled,
  });
}
