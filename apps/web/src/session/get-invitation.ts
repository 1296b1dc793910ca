import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api';

/** What an invitation link offers; a bad link will not heal by retrying. */
export function useInvitation(invitationId: string, token: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['invitation', invitationId, token] as const,
    queryFn: () => callEndpoint(E.invitation, { params: { invitationId }, query: { token } }),
    retry: false,
  });
}
