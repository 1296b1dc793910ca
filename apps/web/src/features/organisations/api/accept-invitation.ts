import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ORGANISATIONS_QUERY_KEY, refreshWorkspaceQueries } from '../../../session/get-organisations';

/** Accepting moves this session into the organisation: every workspace query is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, token }: { invitationId: string; token: string }) =>
      callEndpoint(E.acceptInvitation, { params: { invitationId }, body: { token } }),
    onSuccess: () => refreshWorkspaceQueries(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORGANISATIONS_QUERY_KEY }),
  });
}
