import { authProvidersResponseSchema } from '@licensewatch/shared/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function getAuthProviders() {
  return apiRequest('/api/v1/auth/providers', { schema: authProvidersResponseSchema });
}

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: Number.POSITIVE_INFINITY });
}
