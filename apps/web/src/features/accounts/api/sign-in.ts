import type { SignIn } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../session/get-me';

export async function signIn(input: SignIn): Promise<void> {
  await callEndpoint(ACCOUNTS_ENDPOINTS.signIn, { body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // The session cookie is new: everything cached belongs to the previous visitor.
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY, type: 'all' });
    },
  });
}
