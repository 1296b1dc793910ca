import { ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/organisations-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** An owner or admin replaces a member's key for the organisation (ADR 022); nothing to refetch. */
export function useResetMemberApiKey() {
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string }) =>
      callEndpoint(E.resetMemberApiKey, { params: { id, userId } }),
  });
}
