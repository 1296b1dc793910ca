import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ORGANISATIONS_QUERY_KEY } from '../../../session/get-organisations';

/** The members (and, for managers, pending invitations) of the organisation this session works in. */
export function useMembers(organisationId: string | null) {
  return useQuery({
    queryKey: [...ORGANISATIONS_QUERY_KEY, organisationId ?? '', 'members'] as const,
    queryFn: () => callEndpoint(E.members, { params: { id: organisationId ?? '' } }),
    enabled: organisationId !== null,
  });
}
