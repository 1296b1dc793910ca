import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import type { Credentials } from '@licensewatch/shared/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, unparsed } from '../../../lib/api';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';

/** PATCH with an empty body: the server issues a new key and answers the whole credentials record. */
export function regenerateApiKey(): Promise<Credentials> {
  // Not parsed: the overview page that calls it loads no zod.
  return callEndpoint(ACCOUNTS_ROUTES.regenerateApiKey, { body: {}, schema: unparsed<Credentials>() });
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    // The answer replaces the cached credentials (the old key is gone at once).
    onSuccess: (credentials) => queryClient.setQueryData(CREDENTIALS_QUERY_KEY, credentials),
  });
}
