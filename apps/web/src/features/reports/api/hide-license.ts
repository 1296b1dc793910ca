import type { ReportLicense } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts } from '../../../lib/report-query-keys';
import { hiddenLicensesQueryKey } from './get-hidden-licenses';
import { reportLicensesQueryKey } from './get-report-licenses';
import { reportStatesQueryKey } from './get-report-states';

export function hideLicense(licenseId: string): Promise<unknown> {
  return callEndpoint(REPORTS_ENDPOINTS.hideLicense, { params: { id: licenseId } });
}

export function useHideLicense(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideLicense,
    onSuccess: async (_data, licenseId) => {
      queryClient.setQueryData<ReportLicense[]>(reportLicensesQueryKey(reportId), (licenses) =>
        licenses?.filter((l) => l.id !== licenseId),
      );
      // A hidden license is no longer counted: the report's and the list's counts change.
      await Promise.all([
        refreshReportCounts(queryClient, reportId),
        queryClient.invalidateQueries({ queryKey: hiddenLicensesQueryKey(reportId), exact: true }),
        // The state's license count in the report's account of its states.
        queryClient.invalidateQueries({ queryKey: reportStatesQueryKey(reportId), exact: true }),
      ]);
    },
  });
}
