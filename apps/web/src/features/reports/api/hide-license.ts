import { hideLicenseResponseSchema, type ReportLicense } from '@licensewatch/shared/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { reportQueryKey } from './get-report';
import { reportLicensesQueryKey } from './get-report-licenses';
import { REPORTS_QUERY_KEY } from './get-reports';

export function hideLicense(licenseId: string): Promise<unknown> {
  return apiRequest(`/api/v2/reports/licenses/${encodeURIComponent(licenseId)}`, {
    method: 'PATCH',
    schema: hideLicenseResponseSchema,
  });
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
        queryClient.invalidateQueries({ queryKey: reportQueryKey(reportId), exact: true }),
        queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true }),
      ]);
    },
  });
}
