import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ORGANISATIONS_QUERY_KEY, refreshWorkspaceQueries } from '../../../session/get-organisations';

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(E.create, { body: { name } }),
    // The session now works in the new organisation.
    onSuccess: () => refreshWorkspaceQueries(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORGANISATIONS_QUERY_KEY }),
  });
}
