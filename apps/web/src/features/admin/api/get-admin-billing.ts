import type { AdminBilling } from '@licensewatch/shared/admin-insights';
import { ADMIN_INSIGHTS_ENDPOINTS } from '@licensewatch/shared/admin-insights-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function getAdminBilling(page: number): Promise<AdminBilling> {
  return callEndpoint(ADMIN_INSIGHTS_ENDPOINTS.billing, { query: { page: String(page) } });
}

/** Spec §9: admin queries are stale after 5 minutes and retried once; the page shown stays while the next loads. */
export function useAdminBilling(page: number) {
  return useQuery({
    queryKey: ['admin', 'billing', page] as const,
    queryFn: () => getAdminBilling(page),
    staleTime: 5 * 60 * 1000,
    retry: 1,
    placeholderData: keepPreviousData,
  });
}
