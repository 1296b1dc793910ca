import type { Profile } from '@licensewatch/shared/profile';
import { PROFILE_ENDPOINTS } from '@licensewatch/shared/profile-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function getProfile(): Promise<Profile> {
  return callEndpoint(PROFILE_ENDPOINTS.profile);
}

/** The profile with the real state of each alert; the mutations below put their answer here. */
export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile });
}
