import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { ADMIN_INSIGHTS_ENDPOINTS } from '@licensewatch/shared/admin-insights-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY, ADMIN_QUERY_OPTIONS } from './admin-query';

export function getAdminDashboard(): Promise<AdminDashboard> {
  return callEndpoint(ADMIN_INSIGHTS_ENDPOINTS.dashboard);
}

export const ADMIN_DASHBOARD_QUERY_KEY = [...ADMIN_QUERY_KEY, 'dashboard'] as const;

export function useAdminDashboard() {
  return useQuery({
    queryKey: ADMIN_DASHBOARD_QUERY_KEY,
    queryFn: getAdminDashboard,
    ...ADMIN_QUERY_OPTIONS,
  });
}
