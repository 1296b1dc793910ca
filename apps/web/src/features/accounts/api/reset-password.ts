import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function resetPassword(input: { newPassword: string; token: string }): Promise<unknown> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
