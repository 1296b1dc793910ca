import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';

export function requestPasswordReset(email: string): Promise<unknown> {
  return callEndpoint(ACCOUNTS_ENDPOINTS.requestPasswordReset, { body: { email, redirectTo: PATHS.resetPassword } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
