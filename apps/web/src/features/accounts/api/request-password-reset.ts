import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function requestPasswordReset(email: string): Promise<unknown> {
  return callEndpoint(ACCOUNTS_ENDPOINTS.requestPasswordReset, { body: { email, redirectTo: PATHS.resetPassword } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
