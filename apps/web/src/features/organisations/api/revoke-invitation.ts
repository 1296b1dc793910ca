import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { callEndpoint } from '../../../lib/api';
import { useOrganisationMutation } from './organisation-mutation';

export const useRevokeInvitation = () =>
  useOrganisationMutation(({ id, invitationId }: { id: string; invitationId: string }) =>
    callEndpoint(E.revokeInvitation, { params: { id, invitationId } }),
  );
