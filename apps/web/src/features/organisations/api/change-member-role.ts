import type { InvitedRole } from '@licensewatch/shared/organisations';
import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { callEndpoint } from '../../../lib/api';
import { useOrganisationMutation } from './organisation-mutation';

export const useChangeRole = () =>
  useOrganisationMutation(({ id, userId, role }: { id: string; userId: string; role: InvitedRole }) =>
    callEndpoint(E.changeRole, { params: { id, userId }, body: { role } }),
  );
