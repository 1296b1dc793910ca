import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function getAuthProviders() {
  return callEndpoint(ACCOUNTS_ENDPOINTS.providers);
}

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: Number.POSITIVE_INFINITY });
}
