import type { ExpiryWindows, ExpiryWindowsResponse } from '@licensewatch/shared/expiry-windows';
import { EXPIRY_WINDOWS_ENDPOINTS } from '@licensewatch/shared/expiry-windows-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshWorkspaceQueries } from '../../../session/get-organisations';

export const EXPIRY_WINDOWS_QUERY_KEY = ['expiry-windows'] as const;

/** The expiry windows of the workspace the session works in. */
export function useExpiryWindows() {
  return useQuery({
    queryKey: EXPIRY_WINDOWS_QUERY_KEY,
    queryFn: () => callEndpoint(EXPIRY_WINDOWS_ENDPOINTS.get),
  });
}

export function useUpdateExpiryWindows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpiryWindows): Promise<ExpiryWindowsResponse> =>
      callEndpoint(EXPIRY_WINDOWS_ENDPOINTS.update, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(EXPIRY_WINDOWS_QUERY_KEY, saved);
      // Counters, the roster, the inbox and the profile's wording all follow the windows: read them again.
      return refreshWorkspaceQueries(queryClient);
    },
  });
}
