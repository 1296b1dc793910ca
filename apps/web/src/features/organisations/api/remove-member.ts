import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ORGANISATIONS_QUERY_KEY, refreshWorkspaceQueries } from '../../../session/get-organisations';

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string; self: boolean }) =>
      callEndpoint(E.removeMember, { params: { id, userId } }),
    // Leaving moves this session back to one's own workspace.
    onSuccess: (_answer, { self }) => (self ? refreshWorkspaceQueries(queryClient) : undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORGANISATIONS_QUERY_KEY }),
  });
}
