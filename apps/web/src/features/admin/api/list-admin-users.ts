import type { AdminUsersQuery, AdminUsersResponse } from '@licensewatch/shared/admin';
import { ADMIN_USERS_ENDPOINTS } from '@licensewatch/shared/admin-users-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { adminUsersListKey } from '../admin-users-keys';
import { ADMIN_QUERY_OPTIONS } from './admin-query';

export type AdminUsersFilter = Partial<Pick<AdminUsersQuery, 'q' | 'status' | 'plan' | 'page'>>;

export function listAdminUsers(filter: AdminUsersFilter): Promise<AdminUsersResponse> {
  const { q, status, plan, page } = filter;
  return callEndpoint(ADMIN_USERS_ENDPOINTS.users, {
    query: { q: q || undefined, status, plan, page: page && page > 1 ? String(page) : undefined },
  });
}

export function useAdminUsers(filter: AdminUsersFilter) {
  return useQuery({
    queryKey: adminUsersListKey(filter),
    queryFn: () => listAdminUsers(filter),
    // The page stays on screen while the next one loads (no flash of the skeleton when paging).
    placeholderData: keepPreviousData,
    ...ADMIN_QUERY_OPTIONS,
  });
}
