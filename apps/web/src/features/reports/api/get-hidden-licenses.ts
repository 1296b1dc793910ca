import type { ReportLicense } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';

export const hiddenLicensesQueryKey = (reportId: string) => [...reportQueryKey(reportId), 'hidden-licenses'] as const;

export function getHiddenLicenses(reportId: string): Promise<ReportLicense[]> {
  return callEndpoint(REPORTS_ENDPOINTS.hiddenLicenses, { params: { id: reportId } });
}

export function useHiddenLicenses(reportId: string) {
  return useQuery({ queryKey: hiddenLicensesQueryKey(reportId), queryFn: () => getHiddenLicenses(reportId) });
}
