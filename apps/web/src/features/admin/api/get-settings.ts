import { ADMIN_SETTINGS_ENDPOINTS } from '@licensewatch/shared/admin-settings-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const ADMIN_SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

export function getSettings() {
  return callEndpoint(ADMIN_SETTINGS_ENDPOINTS.settings);
}

/** Every operator setting by key (fresh for 5 minutes, one retry: docs/product-rules.md, Refresh and cache times). */
export function useSettings() {
  return useQuery({ queryKey: ADMIN_SETTINGS_QUERY_KEY, queryFn: getSettings, staleTime: 5 * 60_000, retry: 1 });
}
