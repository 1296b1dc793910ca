import { ROSTER_ENDPOINTS } from '@licensewatch/shared/roster-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const ROSTER_VIEWS_QUERY_KEY = ['roster-views'] as const;

/** The user's saved roster views in the workspace they work in. */
export function useRosterViews() {
  return useQuery({
    queryKey: ROSTER_VIEWS_QUERY_KEY,
    queryFn: () => callEndpoint(ROSTER_ENDPOINTS.views),
  });
}

export function useSaveRosterView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string }) => callEndpoint(ROSTER_ENDPOINTS.saveView, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROSTER_VIEWS_QUERY_KEY }),
  });
}

export function useDeleteRosterView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ROSTER_ENDPOINTS.deleteView, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROSTER_VIEWS_QUERY_KEY }),
  });
}
