import type { SignUpPayload } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function signUp(payload: Omit<SignUpPayload, 'callbackURL'>): Promise<unknown> {
  // The confirmation link in the email lands the new user on the dashboard.
  const body: SignUpPayload = { ...payload, callbackURL: PATHS.dashboard };
  return callEndpoint(ACCOUNTS_ENDPOINTS.signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
