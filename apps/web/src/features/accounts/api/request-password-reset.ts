import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: PATHS.resetPassword },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
