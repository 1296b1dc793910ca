import type { Report } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { REPORTS_QUERY_KEY } from '../../../lib/report-query-keys';

export function getReports(): Promise<Report[]> {
  return callEndpoint(REPORTS_ENDPOINTS.list);
}

export const reportsQueryOptions = queryOptions({
  queryKey: REPORTS_QUERY_KEY,
  queryFn: getReports,
  // Fresh for 5 minutes (docs/product-rules.md, Refresh and cache times).
  staleTime: 5 * 60 * 1000,
});

export function useReports() {
  return useQuery(reportsQueryOptions);
}
