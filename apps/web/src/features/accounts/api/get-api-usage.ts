import type { ApiUsage } from '@licensewatch/shared/search-api';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';

export async function getApiUsage(): Promise<ApiUsage> {
  // The contract (and zod with it) is fetched when the panel asks, not with the overview page,
  // whose key and credits render without it.
  const { SEARCH_API_ENDPOINTS } = await import('@licensewatch/shared/search-api-endpoints');
  return callEndpoint(SEARCH_API_ENDPOINTS.usage);
}

/**
 * Under the credentials key on purpose, as the credit history: whatever changes credits
 * invalidates the credentials query, and with it this one.
 */
export const API_USAGE_QUERY_KEY = [...CREDENTIALS_QUERY_KEY, 'api-usage'] as const;

export function useApiUsage() {
  return useQuery({
    queryKey: API_USAGE_QUERY_KEY,
    queryFn: getApiUsage,
    // Every API call changes it, and those happen outside this browser.
    staleTime: 0,
  });
}
