import { ADMIN_AUDIT_ENDPOINTS } from '@licensewatch/shared/admin-audit-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY, ADMIN_QUERY_OPTIONS } from './admin-query';

export const ADMIN_AUDIT_QUERY_KEY = [...ADMIN_QUERY_KEY, 'audit'] as const;

/** The filters as the query string carries them (left out when undefined). */
export type AdminActionsFilter = { action?: string; target_type?: string; q?: string; page: string };

/** One page of the audit log; the previous page stays on screen while the next loads. */
export function useAdminActions(query: AdminActionsFilter) {
  return useQuery({
    queryKey: [...ADMIN_AUDIT_QUERY_KEY, query],
    queryFn: () => callEndpoint(ADMIN_AUDIT_ENDPOINTS.audit, { query }),
    placeholderData: keepPreviousData,
    ...ADMIN_QUERY_OPTIONS,
  });
}
