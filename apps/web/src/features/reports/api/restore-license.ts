import type { ReportLicense } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts } from '../../../lib/report-query-keys';
import { hiddenLicensesQueryKey } from './get-hidden-licenses';
import { reportLicensesQueryKey } from './get-report-licenses';
import { reportStatesQueryKey } from './get-report-states';

export function restoreLicense(licenseId: string): Promise<unknown> {
  return callEndpoint(REPORTS_ENDPOINTS.restoreLicense, { params: { id: licenseId } });
}

export function useRestoreLicense(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreLicense,
    onSuccess: async (_data, licenseId) => {
      queryClient.setQueryData<ReportLicense[]>(hiddenLicensesQueryKey(reportId), (licenses) =>
        licenses?.filter((l) => l.id !== licenseId),
      );
      // Tracked again: back in the table, and in the report's and the list's counts.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportLicensesQueryKey(reportId), exact: true }),
        refreshReportCounts(queryClient, reportId),
        // The state's license count in the report's account of its states.
        queryClient.invalidateQueries({ queryKey: reportStatesQueryKey(reportId), exact: true }),
      ]);
    },
  });
}
