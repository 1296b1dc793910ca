import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import type { Credentials } from '@licensewatch/shared/credentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, isApiError, unparsed } from '../lib/api';

export function getCredentials(): Promise<Credentials> {
  // Typed by the shared schema the server answers with; not re-parsed (first-paint budget).
  return callEndpoint(ACCOUNTS_ROUTES.credentials, { schema: unparsed<Credentials>() });
}

export const CREDENTIALS_QUERY_KEY = ['credentials'] as const;

export const credentialsQueryOptions = queryOptions({
  queryKey: CREDENTIALS_QUERY_KEY,
  queryFn: getCredentials,
  // Always stale: credits change with every report and API call.
  staleTime: 0,
  // A 404 or 401 will not heal by retrying; only transient failures get one more try.
  retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status < 500),
  // The gate, the top-bar counters and the page all observe this query; without this each one
  // mounting after a failure would fire the same failing request again.
  retryOnMount: false,
});

export function useCredentials(enabled = true) {
  return useQuery({ ...credentialsQueryOptions, enabled });
}
