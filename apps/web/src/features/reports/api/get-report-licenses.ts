import { type ReportLicense, reportLicensesResponseSchema } from '@licensewatch/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { reportQueryKey } from './get-report';

const FIVE_MINUTES = 5 * 60 * 1000;

export const reportLicensesQueryKey = (reportId: string) => [...reportQueryKey(reportId), 'licenses'] as const;

export function getReportLicenses(reportId: string): Promise<ReportLicense[]> {
  return apiRequest(`/api/v2/reports/${encodeURIComponent(reportId)}/licenses`, {
    schema: reportLicensesResponseSchema,
  });
}

export function useReportLicenses(reportId: string, enabled = true) {
  return useQuery({
    queryKey: reportLicensesQueryKey(reportId),
    queryFn: () => getReportLicenses(reportId),
    enabled,
    // Spec §9: licenses are refetched every 5 minutes.
    refetchInterval: FIVE_MINUTES,
  });
}
