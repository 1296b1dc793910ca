import type { SignUpPayload } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/**
 * The confirmation link in the email lands the new user on the dashboard, or on `callbackURL` (a
 * path of ours: the invitation they signed up from).
 */
export function signUp({
  callbackURL = PATHS.dashboard,
  ...payload
}: Omit<SignUpPayload, 'callbackURL'> & { callbackURL?: string }): Promise<unknown> {
  const body: SignUpPayload = { ...payload, callbackURL };
  return callEndpoint(ACCOUNTS_ENDPOINTS.signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
