import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const ACCOUNT_SESSIONS_QUERY_KEY = ['account-sessions'] as const;

export function useAccountSessions() {
  return useQuery({
    queryKey: ACCOUNT_SESSIONS_QUERY_KEY,
    queryFn: () => callEndpoint(ACCOUNTS_ENDPOINTS.accountSessions),
  });
}

export function useRevokeAccountSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ACCOUNTS_ENDPOINTS.revokeAccountSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_QUERY_KEY }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) =>
      callEndpoint(ACCOUNTS_ENDPOINTS.changePassword, { body }),
    // Signing the others out changes the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_QUERY_KEY }),
  });
}
