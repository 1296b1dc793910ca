import { LICENSING_ENDPOINTS } from '@licensewatch/shared/licensing-endpoints';
import type { StateStatusResponse } from '@licensewatch/shared/states-api';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function getStateStatuses(): Promise<StateStatusResponse> {
  return callEndpoint(LICENSING_ENDPOINTS.stateStatuses);
}

export function useStateStatuses() {
  return useQuery({
    queryKey: ['states', 'status'],
    queryFn: getStateStatuses,
    // Refetched every 5 minutes, stale after 4 (docs/product-rules.md, Refresh and cache times).
    staleTime: 4 * 60 * 1000,
    refetchInterval: 5 * 60 * 1000,
  });
}
