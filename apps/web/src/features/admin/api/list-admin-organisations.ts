import type { AdminOrganisationsQuery, AdminOrganisationsResponse } from '@licensewatch/shared/admin';
import { ADMIN_ORGANISATIONS_ENDPOINTS } from '@licensewatch/shared/admin-organisations-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY, ADMIN_QUERY_OPTIONS } from './admin-query';

export type AdminOrganisationsFilter = Partial<Pick<AdminOrganisationsQuery, 'q' | 'page'>>;

export function listAdminOrganisations(filter: AdminOrganisationsFilter): Promise<AdminOrganisationsResponse> {
  const { q, page } = filter;
  return callEndpoint(ADMIN_ORGANISATIONS_ENDPOINTS.organisations, {
    query: { q: q || undefined, page: page && page > 1 ? String(page) : undefined },
  });
}

export function useAdminOrganisations(filter: AdminOrganisationsFilter) {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'organisations', filter],
    queryFn: () => listAdminOrganisations(filter),
    // The page stays on screen while the next one loads (no flash of the skeleton when paging).
    placeholderData: keepPreviousData,
    ...ADMIN_QUERY_OPTIONS,
  });
}
