import type { Profile } from '@licensewatch/shared/profile';
import { PROFILE_ENDPOINTS } from '@licensewatch/shared/profile-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { PROFILE_QUERY_KEY } from './get-profile';

export function confirmPhoneCode(code: string): Promise<Profile> {
  return callEndpoint(PROFILE_ENDPOINTS.confirmPhoneCode, { body: { code } });
}

export function useConfirmPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneCode,
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}
