import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { callEndpoint } from '../../../lib/api';
import { useOrganisationMutation } from './organisation-mutation';

export const useTransferOwnership = () =>
  useOrganisationMutation(({ id, userId }: { id: string; userId: string }) =>
    callEndpoint(E.transferOwnership, { params: { id }, body: { user_id: userId } }),
  );
