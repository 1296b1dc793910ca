import { ORGANISATIONS_ENDPOINTS } from '@licensewatch/shared/organisations-endpoints';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api';
import { APP_SETTINGS_QUERY_KEY } from './get-app-settings';
import { ME_QUERY_KEY } from './get-me';

export const ORGANISATIONS_QUERY_KEY = ['organisations'] as const;

/** The organisations the signed-in user belongs to, and the one this session works in (ADR 019). */
export function useOrganisations(enabled = true) {
  return useQuery({
    queryKey: ORGANISATIONS_QUERY_KEY,
    queryFn: () => callEndpoint(ORGANISATIONS_ENDPOINTS.list),
    enabled,
  });
}

/**
 * Switches the workspace this session works in. Everything else the app has read (reports, plan,
 * credits) belonged to the old workspace, so every query but who is signed in is read again.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisationId: string | null) =>
      callEndpoint(ORGANISATIONS_ENDPOINTS.switchWorkspace, { body: { organisation_id: organisationId } }),
    onSuccess: (list) => {
      queryClient.setQueryData(ORGANISATIONS_QUERY_KEY, list);
      return refreshWorkspaceQueries(queryClient);
    },
  });
}

const NOT_OF_A_WORKSPACE = new Set<unknown>([ME_QUERY_KEY[0], APP_SETTINGS_QUERY_KEY[0], ORGANISATIONS_QUERY_KEY[0]]);

/**
 * After the workspace changed: cached screens of the old one are dropped (never shown again), and
 * what is on screen is read again from the new one.
 */
export function refreshWorkspaceQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ type: 'inactive', predicate: (q) => !NOT_OF_A_WORKSPACE.has(q.queryKey[0]) });
  return queryClient.invalidateQueries({ predicate: (q) => !NOT_OF_A_WORKSPACE.has(q.queryKey[0]) });
}
