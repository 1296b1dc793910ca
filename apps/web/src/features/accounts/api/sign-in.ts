import type { SignIn } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../session/get-me';

/** `twoFactor`: the password was right and the account asks for a code next (no session yet). */
export async function signIn(input: SignIn): Promise<{ twoFactor: boolean }> {
  const answer = await callEndpoint(ACCOUNTS_ENDPOINTS.signIn, { body: input });
  return { twoFactor: answer.twoFactorRedirect === true };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // The session cookie is new: everything cached belongs to the previous visitor.
    onSuccess: async ({ twoFactor }) => {
      if (twoFactor) return;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY, type: 'all' });
    },
  });
}
