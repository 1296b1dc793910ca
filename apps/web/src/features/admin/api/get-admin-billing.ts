import type { AdminBilling } from '@licensewatch/shared/admin-insights';
import { ADMIN_INSIGHTS_ENDPOINTS } from '@licensewatch/shared/admin-insights-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY, ADMIN_QUERY_OPTIONS } from './admin-query';

export function getAdminBilling(page: number): Promise<AdminBilling> {
  return callEndpoint(ADMIN_INSIGHTS_ENDPOINTS.billing, { query: { page: String(page) } });
}

/** The page shown stays while the next loads. */
export function useAdminBilling(page: number) {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'billing', page] as const,
    queryFn: () => getAdminBilling(page),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
