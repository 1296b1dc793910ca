import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { ADMIN_INSIGHTS_ENDPOINTS } from '@licensewatch/shared/admin-insights-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function getAdminDashboard(): Promise<AdminDashboard> {
  return callEndpoint(ADMIN_INSIGHTS_ENDPOINTS.dashboard);
}

export const ADMIN_DASHBOARD_QUERY_KEY = ['admin', 'dashboard'] as const;

/** Spec §9: admin queries are stale after 5 minutes and retried once. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: ADMIN_DASHBOARD_QUERY_KEY,
    queryFn: getAdminDashboard,
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}
