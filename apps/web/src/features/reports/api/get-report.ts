import { type Report, reportSchema } from '@licensewatch/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { REPORTS_QUERY_KEY } from './get-reports';

const FIVE_MINUTES = 5 * 60 * 1000;

export const reportQueryKey = (id: string) => [...REPORTS_QUERY_KEY, id] as const;

export function getReport(id: string): Promise<Report> {
  return apiRequest(`/api/v1/reports/${encodeURIComponent(id)}`, { schema: reportSchema });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: reportQueryKey(id),
    queryFn: () => getReport(id),
    // Spec §9: the report is refetched every 5 minutes (the daily refresh changes its counts).
    refetchInterval: FIVE_MINUTES,
  });
}
