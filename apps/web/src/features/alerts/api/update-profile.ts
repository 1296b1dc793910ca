import type { Profile, UpdateProfilePayload } from '@licensewatch/shared/profile';
import { PROFILE_ENDPOINTS } from '@licensewatch/shared/profile-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../session/get-me';
import { PROFILE_QUERY_KEY } from './get-profile';

export function updateProfile(body: UpdateProfilePayload): Promise<Profile> {
  return callEndpoint(PROFILE_ENDPOINTS.updateProfile, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The name and phone also travel with the session (admin header, menus).
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
