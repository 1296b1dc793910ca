import type { Report } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';

const FIVE_MINUTES = 5 * 60 * 1000;

export function getReport(id: string): Promise<Report> {
  return callEndpoint(REPORTS_ENDPOINTS.get, { params: { id } });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: reportQueryKey(id),
    queryFn: () => getReport(id),
    // Refetched every 5 minutes: the daily refresh changes its counts (docs/product-rules.md,
    // Refresh and cache times).
    refetchInterval: FIVE_MINUTES,
  });
}
