import { endpointPath } from '@licensewatch/shared/endpoint-path';
import type { ManualVerification } from '@licensewatch/shared/manual-verification';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';

/** Under the report's key, so recording a verification refreshes it. */
export const manualVerificationsQueryKey = (reportId: string, licenseId: string) =>
  [...reportQueryKey(reportId), 'manual-verifications', licenseId] as const;

export function getManualVerifications(reportId: string, licenseId: string): Promise<ManualVerification[]> {
  return callEndpoint(REPORTS_ENDPOINTS.manualVerifications, { params: { id: reportId, licenseId } });
}

/** Asked only while the license's history is open, and only for a license verified by hand. */
export function useManualVerifications(reportId: string, licenseId: string, enabled: boolean) {
  return useQuery({
    queryKey: manualVerificationsQueryKey(reportId, licenseId),
    queryFn: () => getManualVerifications(reportId, licenseId),
    enabled,
  });
}

/** The evidence file's download: a plain link, which the session cookie authenticates. */
export function manualEvidenceUrl(reportId: string, verificationId: string): string {
  return endpointPath(REPORTS_ENDPOINTS.manualEvidence, { id: reportId, verificationId });
}
