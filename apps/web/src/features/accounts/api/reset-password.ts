import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function resetPassword(input: { newPassword: string; token: string }): Promise<unknown> {
  return callEndpoint(ACCOUNTS_ENDPOINTS.resetPassword, { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
