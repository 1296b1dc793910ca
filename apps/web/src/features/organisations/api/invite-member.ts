import type { InvitationInput } from '@licensewatch/shared/organisations';
import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { callEndpoint } from '../../../lib/api';
import { useOrganisationMutation } from './organisation-mutation';

export const useInvite = () =>
  useOrganisationMutation(({ id, input }: { id: string; input: InvitationInput }) =>
    callEndpoint(E.invite, { params: { id }, body: input }),
  );
