import type { AdminUserDetail } from '@licensewatch/shared/admin';
import { ADMIN_USERS_ENDPOINTS } from '@licensewatch/shared/admin-users-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { adminUserKey } from '../admin-users-keys';
import { ADMIN_QUERY_OPTIONS } from './admin-query';

export function getAdminUser(id: string): Promise<AdminUserDetail> {
  return callEndpoint(ADMIN_USERS_ENDPOINTS.user, { params: { id } });
}

/** Fetched only while its row is expanded (docs/product-rules.md, Users: Detail). */
export function useAdminUser(id: string, expanded: boolean) {
  return useQuery({
    queryKey: adminUserKey(id),
    queryFn: () => getAdminUser(id),
    enabled: expanded,
    ...ADMIN_QUERY_OPTIONS,
  });
}
