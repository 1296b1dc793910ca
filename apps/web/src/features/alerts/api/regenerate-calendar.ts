import type { Profile } from '@licensewatch/shared/profile';
import { PROFILE_ENDPOINTS } from '@licensewatch/shared/profile-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { PROFILE_QUERY_KEY } from './get-profile';

/** A new secret feed URL; the answer (the profile) replaces the cached one, the old URL is dead. */
export function regenerateCalendar(): Promise<Profile> {
  return callEndpoint(PROFILE_ENDPOINTS.regenerateCalendar, { body: {} });
}

export function useRegenerateCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCalendar,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
