import { type Report, reportListResponseSchema } from '@licensewatch/shared/reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export const REPORTS_QUERY_KEY = ['reports'] as const;

export function getReports(): Promise<Report[]> {
  return apiRequest('/api/v1/reports/', { schema: reportListResponseSchema });
}

export const reportsQueryOptions = queryOptions({
  queryKey: REPORTS_QUERY_KEY,
  queryFn: getReports,
  // Spec §9: the reports list is cached for 5 minutes.
  staleTime: 5 * 60 * 1000,
});

export function useReports() {
  return useQuery(reportsQueryOptions);
}
