import type { ReportLicense } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';

const FIVE_MINUTES = 5 * 60 * 1000;

export const reportLicensesQueryKey = (reportId: string) => [...reportQueryKey(reportId), 'licenses'] as const;

export function getReportLicenses(reportId: string): Promise<ReportLicense[]> {
  return callEndpoint(REPORTS_ENDPOINTS.licenses, { params: { id: reportId } });
}

export function useReportLicenses(reportId: string, enabled = true) {
  return useQuery({
    queryKey: reportLicensesQueryKey(reportId),
    queryFn: () => getReportLicenses(reportId),
    enabled,
    // Refetched every 5 minutes (docs/product-rules.md, Refresh and cache times).
    refetchInterval: FIVE_MINUTES,
  });
}
