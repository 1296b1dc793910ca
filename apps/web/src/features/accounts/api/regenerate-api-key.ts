import type { Credentials } from '@licensewatch/shared/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';

/** PATCH with an empty body: the server issues a new key and answers the whole credentials record. */
export function regenerateApiKey(): Promise<Credentials> {
  return apiRequest<Credentials>('/api/v1/credentials/', { method: 'PATCH', body: {} });
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    // Spec §4: the answer replaces the cached credentials (the old key is gone at once).
    onSuccess: (credentials) => queryClient.setQueryData(CREDENTIALS_QUERY_KEY, credentials),
  });
}
