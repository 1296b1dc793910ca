import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import type { ApiKeyScope } from '@licensewatch/shared/api-keys';
import type { Credentials } from '@licensewatch/shared/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, unparsed } from '../../../lib/api';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';

/** The whole set of scopes; the server answers the whole credentials record with them. */
export function setApiKeyScopes(scopes: ApiKeyScope[]): Promise<Credentials> {
  // Not parsed: the overview page that calls it loads no zod.
  return callEndpoint(ACCOUNTS_ROUTES.setApiKeyScopes, { body: { scopes }, schema: unparsed<Credentials>() });
}

export function useSetApiKeyScopes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApiKeyScopes,
    onSuccess: (credentials) => queryClient.setQueryData(CREDENTIALS_QUERY_KEY, credentials),
  });
}
