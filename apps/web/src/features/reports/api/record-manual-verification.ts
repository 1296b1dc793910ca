import type { RecordManualVerificationInput } from '@licensewatch/shared/manual-verification';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { REPORTS_QUERY_KEY, reportQueryKey } from '../../../lib/report-query-keys';

export function recordManualVerification(reportId: string, body: RecordManualVerificationInput) {
  return callEndpoint(REPORTS_ENDPOINTS.recordManualVerification, { params: { id: reportId }, body });
}

/** Records a verification by hand; the report, its licenses, states and histories, and the list's counts refresh. */
export function useRecordManualVerification(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordManualVerificationInput) => recordManualVerification(reportId, body),
    onSuccess: () =>
      Promise.all([
        // Everything under the report's key: the report, licenses, states, histories, verifications.
        queryClient.invalidateQueries({ queryKey: reportQueryKey(reportId) }),
        queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true }),
      ]),
  });
}
