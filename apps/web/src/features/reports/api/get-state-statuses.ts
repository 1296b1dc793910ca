import { type StateStatusResponse, stateStatusResponseSchema } from '@licensewatch/shared/states-api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function getStateStatuses(): Promise<StateStatusResponse> {
  return apiRequest('/api/v2/states/status', { schema: stateStatusResponseSchema });
}

export function useStateStatuses() {
  return useQuery({
    queryKey: ['states', 'status'],
    queryFn: getStateStatuses,
    // Spec §9: refetched every 5 minutes, stale after 4.
    staleTime: 4 * 60 * 1000,
    refetchInterval: 5 * 60 * 1000,
  });
}
