import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../session/get-me';
import { ACCOUNT_SESSIONS_QUERY_KEY } from './account-sessions';

/**
 * Two-factor on the profile (ADR 038). Confirming or turning off replaces the session (better-auth
 * signs the same device in again): who is signed in and the session list are read again.
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY, type: 'all' });
    await queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_QUERY_KEY });
  };
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => callEndpoint(ACCOUNTS_ENDPOINTS.enableTwoFactor, { body: { password } }),
  });
}

export function useConfirmTwoFactor() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(ACCOUNTS_ENDPOINTS.verifyTotp, { body: { code } }),
    onSuccess: afterChange,
  });
}

export function useDisableTwoFactor() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (password: string) => callEndpoint(ACCOUNTS_ENDPOINTS.disableTwoFactor, { body: { password } }),
    onSuccess: afterChange,
  });
}
