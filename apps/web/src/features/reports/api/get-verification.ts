import type { VerificationLookup } from '@licensewatch/shared/compliance';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint, isApiError } from '../../../lib/api';

export const verificationQueryKey = (id: string) => ['verifications', id] as const;

export function getVerification(id: string): Promise<VerificationLookup> {
  return callEndpoint(REPORTS_ENDPOINTS.verification, { params: { id } });
}

/** A stored document never changes: asked once, and a 404 is an answer, not a failure to retry. */
export function useVerification(id: string) {
  return useQuery({
    queryKey: verificationQueryKey(id),
    queryFn: () => getVerification(id),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !isApiError(error, 404) && count < 1,
  });
}
