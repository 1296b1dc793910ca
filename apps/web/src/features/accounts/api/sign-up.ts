import type { SignUpPayload } from '@licensewatch/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';

export function signUp(payload: Omit<SignUpPayload, 'callbackURL'>): Promise<unknown> {
  // The confirmation link in the email lands the new user on the dashboard.
  const body: SignUpPayload = { ...payload, callbackURL: PATHS.dashboard };
  return apiRequest('/api/auth/sign-up/email', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
