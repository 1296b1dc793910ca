import { PROFILE_ENDPOINTS } from '@licensewatch/shared/profile-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** Texts a 6-digit code to the profile's phone number. */
export function sendPhoneCode() {
  return callEndpoint(PROFILE_ENDPOINTS.sendPhoneCode, { body: {} });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
