import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../session/get-me';

export type SecondStep = { kind: 'totp' | 'backup'; code: string };

/** The second step of a password sign-in (the two_factor cookie the first step set): signs in. */
export async function verifySignInCode({ kind, code }: SecondStep): Promise<void> {
  const endpoint = kind === 'totp' ? ACCOUNTS_ENDPOINTS.verifyTotp : ACCOUNTS_ENDPOINTS.verifyBackupCode;
  await callEndpoint(endpoint, { body: { code } });
}

export function useVerifySignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySignInCode,
    // As after a password sign-in (api/sign-in.ts): the session cookie is new.
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY, type: 'all' });
    },
  });
}
